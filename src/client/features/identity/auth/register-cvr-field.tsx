import { useContext, useLayoutEffect } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { CvrFieldSlotProps } from '@/features/identity/auth/components/register-types';
import { CvrLookupField } from '@/features/identity/cvr/components/cvr-lookup-field';
import { createQueryClient } from '@/lib/query-client';

/** Set by the stand-in (register.tsx) when the visitor was typing in it as this module arrived. */
export interface HandOver {
  id: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

let lightClient: QueryClient | undefined;

/**
 * The registration form's CVR field with its look-up, downloaded on intent (ADR 008): the look-up
 * caches with TanStack Query, which a first visit of /register on the light shell does not load.
 * In the full app it uses the app's query client; on the light shell one of its own.
 */
export default function RegisterCvrField({ handOver, ...props }: CvrFieldSlotProps & { handOver: () => HandOver | null }) {
  const appClient = useContext(QueryClientContext);
  // Focus and caret move to the real input if the visitor was typing in the stand-in.
  useLayoutEffect(() => {
    const state = handOver();
    if (!state) return;
    const input = document.getElementById(state.id);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(state.selectionStart, state.selectionEnd);
  }, [handOver]);
  const field = <CvrLookupField {...props} />;
  if (appClient) return field;
  lightClient ??= createQueryClient();
  return <QueryClientProvider client={lightClient}>{field}</QueryClientProvider>;
}
