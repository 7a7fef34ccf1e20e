import { randomBytes } from 'node:crypto';

/**
 * Verification codes: 80 random bits in Crockford's base32 (no I, L, O or U, so nothing reads as
 * another character), as four groups of four: `7KQM-2X9P-D4HT-B8WN`. Unguessable, short enough to
 * type from paper, and read back forgivingly (any case, with or without dashes or spaces; O as 0,
 * I and L as 1).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;

export function newCertificateCode(): string {
  const bytes = randomBytes((LENGTH * 5) / 8);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return group(out);
}

const group = (plain: string) => plain.match(/.{4}/g)!.join('-');

/** The code as stored, from what someone typed or scanned; null when it cannot be one. */
export function normaliseCertificateCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replaceAll('O', '0').replace(/[IL]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return group(plain);
}
