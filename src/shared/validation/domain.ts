/**
 * A company's own domain for its site, as typed ("https://Kurser.Firma.dk/", "kurser.æble.dk"):
 * the host name alone, lower case, an internationalised name in its ASCII (xn--) form. Null when
 * it is not a host name at all (a port, a user, spaces).
 */
export function normaliseDomainInput(input: string): string | null {
  const value = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  if (!value || /[\s@:\\]/.test(value)) return null;
  try {
    return new URL(`http://${value}`).hostname;
  } catch {
    return null;
  }
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Two or more labels of a–z, 0–9 and hyphens, at most 253 characters, not an IP address. */
export function isValidDomain(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels.at(-1)!);
}

/** The TXT record that proves a company controls `domain`: its name and what it must say. */
export function verificationRecord(domain: string, token: string) {
  return { type: 'TXT' as const, name: `_kursa.${domain}`, value: `kursa-verification=${token}` };
}
