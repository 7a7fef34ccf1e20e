import { isSitePath } from '@shared/site-path.ts';

/**
 * The links a reply may carry (AI output is shown as sanitised markdown): web addresses, mail
 * addresses and paths on this site. Anything else — javascript:, data:, protocol-relative
 * "//elsewhere", relative paths that depend on the page — becomes plain text.
 */
export function safeChatUrl(url: string): string | null {
  const value = url.trim();
  if (value.startsWith('/')) return isSitePath(value) ? value : null;
  try {
    const parsed = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
