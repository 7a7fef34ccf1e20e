import { useEffect, useState } from 'react';
import type { TPublicConfig } from '@shared/schemas/config.ts';
import { api } from '@/lib/api-client';

/**
 * GET /api/public-config without a caching library, so the login page can show the demo account
 * on the light shell too. Asked once per page load; a failure is retried on the next mount.
 */
let request: Promise<TPublicConfig | null> | undefined;
let known: TPublicConfig | null = null;

function fetchPublicConfig(signal?: AbortSignal): Promise<TPublicConfig> {
  return api.get<TPublicConfig>('/api/public-config', signal);
}

/** Asks once per page load (the login page's download waits for it too, so the demo card does not push the page down as it arrives). */
export function loadPublicConfig(): Promise<TPublicConfig | null> {
  return (request ??= fetchPublicConfig().then(
    (config) => (known = config),
    () => {
      request = undefined;
      return null;
    },
  ));
}

/** The public configuration once it has arrived; null until then (or when it cannot be had). */
export function usePublicConfigValue(): TPublicConfig | null {
  const [config, setConfig] = useState(known);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then((value) => {
      if (live) setConfig(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
