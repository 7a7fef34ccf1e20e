import { allowedOrigins } from '../../../http/origin-check.ts';

/** Who a passkey is made for: WebAuthn's relying party. */
export interface RelyingParty {
  /** The host a passkey is bound to: the browser offers it on that host (and its subdomains) only. */
  id: string;
  name: string;
  /** The page origins a ceremony may come from. */
  origins: string[];
}

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party from PUBLIC_URL (docs/decisions/059-passkeys.md): the app, its login and its
 * profile live on PUBLIC_URL's host alone (company sites and custom domains serve courses, and
 * the origin check refuses their writes), so a passkey is bound to that host. A browser does not
 * take an IP address as a relying party, so a loopback PUBLIC_URL binds passkeys to `localhost`,
 * and only that loopback name's origin can use them.
 */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const id = LOOPBACK_IPS.has(url.hostname) ? 'localhost' : url.hostname;
  const origins = [...allowedOrigins(publicUrl)].filter((origin) => new URL(origin).hostname === id);
  return { id, name: 'Kursa', origins };
}
