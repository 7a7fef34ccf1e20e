/**
 * A company's subdomain: lowercase letters, digits and hyphens; not starting or ending with a
 * hyphen; 3 to 63 characters. Input is lower-cased and other characters stripped as it is typed.
 */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/;

/** Names that belong to the platform itself or would mislead. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'static',
  'assets',
  'cdn',
  'media',
  'files',
  'uploads',
  'help',
  'support',
  'docs',
  'status',
  'blog',
  'dashboard',
  'login',
  'register',
  'account',
  'accounts',
  'billing',
  'pay',
  'payments',
  'kursa',
  'test',
  'dev',
  'staging',
  'localhost',
  'ns1',
  'ns2',
  'mx',
  'webmail',
  'root',
  'system',
]);

/** What the subdomain field keeps of what is typed: lower-cased, only a–z, 0–9 and '-'. */
export function normaliseSubdomainInput(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 63);
}

export function isValidSubdomain(value: string): boolean {
  return SUBDOMAIN_PATTERN.test(value);
}

export function isReservedSubdomain(value: string): boolean {
  return RESERVED_SUBDOMAINS.has(value);
}
