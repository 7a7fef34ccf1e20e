/**
 * The links a reply may carry (DESIGN.md: AI output is sanitised markdown): web addresses, mail
 * addresses and paths on this site. Anything else — javascript:, data:, protocol-relative
 * "//elsewhere", relative paths that depend on the page — becomes plain text.
 */
export function safeChatUrl(url: string): string | null {
  const value = url.trim();
  if (value.startsWith('/')) return /^\/[/\\]/.test(value) ? null : value;
  try {
    const parsed = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A path on this site (the app's own link), as opposed to an address elsewhere. */
export const isSitePath = (url: string) => url.startsWith('/');
