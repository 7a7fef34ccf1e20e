/**
 * The `next` a guard put in the login URL, if it is a path on this site. Anything else (another
 * origin, protocol-relative "//evil.example", the login page itself) is ignored, so the parameter
 * cannot be used to send people elsewhere.
 */
export function safeNextPath(raw: string | null, origin: string = window.location.origin): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || url.pathname === '/login') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
