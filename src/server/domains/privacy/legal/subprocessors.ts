import { isIP } from 'node:net';
import type { TSubprocessor } from '../../../../shared/schemas/legal.ts';
import { API_URLS } from '../../../ai/providers.ts';
import type { Env } from '../../../env.ts';

/** The settings the list is read from: the same ones that switch each service on. */
export type SubprocessorEnv = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_RESPONSES_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_API_URL'
  | 'SMTP_URL'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
>;

const hostOf = (url: string): string => new URL(url).hostname.replace(/^\[|\]$/g, '');

/** A server on this machine or a private network: nothing leaves the operator's hands. */
function isLocal(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  if (!isIP(host)) return false;
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd])/i.test(host);
}

/** A service at an address of the operator's choosing: where it stands, the configuration does not say. */
function chosenHost(kind: TSubprocessor['kind'], provider: TSubprocessor['provider'], url: string): TSubprocessor {
  const host = hostOf(url);
  const local = isLocal(host);
  return {
    kind,
    provider,
    host,
    region: null,
    location: local ? 'same-server' : 'unknown',
    transfer: local ? 'none' : 'scc-if-outside',
  };
}

/**
 * The AI provider as createAiProviders picks it (ai/providers.ts), in the same order: an
 * OpenAI-compatible server, else OpenAI, else Anthropic. OpenAI's European address keeps the data
 * in the EU; a gateway or proxy in front of either is shown by its host, its place unknown.
 */
function aiProvider(env: SubprocessorEnv): TSubprocessor | null {
  if (env.OPENAI_BASE_URL) return chosenHost('ai', 'openai-compatible', env.OPENAI_BASE_URL);
  const vendor = (provider: 'openai' | 'anthropic', url: string, official: string[]): TSubprocessor => {
    const host = hostOf(url);
    if (!official.includes(host)) return chosenHost('ai', provider, url);
    return { kind: 'ai', provider, host, region: null, location: host.startsWith('eu.') ? 'eu' : 'us', transfer: 'dpf-scc' };
  };
  if (env.OPENAI_API_KEY)
    return vendor('openai', env.OPENAI_RESPONSES_BASE_URL ?? API_URLS.openai, ['api.openai.com', 'eu.api.openai.com']);
  if (env.ANTHROPIC_API_KEY) return vendor('anthropic', env.ANTHROPIC_BASE_URL ?? API_URLS.anthropic, ['api.anthropic.com']);
  return null;
}

/**
 * Who processes personal data for this installation, from its configuration: the server (always),
 * then each service only when it is configured. A company is named only when the operator chose
 * its service (OpenAI, Anthropic, Stripe); mail and storage are named by their host.
 */
export function subprocessorsOf(env: SubprocessorEnv): TSubprocessor[] {
  const list: TSubprocessor[] = [
    { kind: 'hosting', provider: 'server', host: hostOf(env.PUBLIC_URL), region: null, location: 'eu', transfer: 'none' },
  ];
  const ai = aiProvider(env);
  if (ai) list.push(ai);
  if (env.STRIPE_SECRET_KEY) {
    const host = hostOf(env.STRIPE_API_URL);
    list.push(
      host === 'api.stripe.com'
        ? { kind: 'payments', provider: 'stripe', host, region: null, location: 'us', transfer: 'dpf-scc' }
        : chosenHost('payments', 'stripe', env.STRIPE_API_URL),
    );
  }
  if (env.SMTP_URL) list.push(chosenHost('mail', 'smtp', env.SMTP_URL));
  if (env.S3_ENDPOINT) list.push({ ...chosenHost('storage', 's3', env.S3_ENDPOINT), region: env.S3_REGION ?? null });
  return list;
}
