/**
 * The one test of "is this address a path on this site?", for every place that lets a value
 * through as one: links in lesson text, `?next=` after login, links in assistant replies, links
 * between our own pages.
 *
 * Browsers read more into an address than its first characters show: they treat `\` as `/` in
 * http(s) URLs, so `/\evil.example` is the protocol-relative `//evil.example`, and they drop tabs
 * and newlines anywhere in it, so `/<tab>/evil.example` is too. The address is therefore resolved
 * as a browser would (WHATWG URL) against a placeholder origin and must stay on it. Control
 * characters and backslashes have no place in our own paths and are refused outright, and so is a
 * first segment that becomes `/` or `\` once decoded (`/%2F…`, `/%5C…`), which a later decoding
 * (a server's redirect, a router) would turn into another site.
 */

/** A reserved name (RFC 2606) that no real site has, so only what stays on it is a path. */
const PLACEHOLDER_ORIGIN = 'https://site-path.invalid';

/** Any C0 control character, DEL, or a backslash. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;

const ENCODED_SLASH_START = /^\/(?:%2f|%5c)/i;

/**
 * The path, query and hash of `value` when it is a path on this site (it starts with a single `/`
 * and resolves to the same origin), else null. The answer is the address as a browser resolves it,
 * so what is checked is what is followed.
 */
export function sitePath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTER.test(value) || ENCODED_SLASH_START.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether `value` is a path on this site (see sitePath). */
export function isSitePath(value: string): boolean {
  return sitePath(value) !== null;
}
