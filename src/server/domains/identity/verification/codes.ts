import { randomInt, timingSafeEqual } from 'node:crypto';
import { normaliseCode, VERIFICATION } from '../../../../shared/schemas/verification.ts';
import { hashToken } from '../../../security/tokens.ts';

/** A fresh random code, e.g. "K7QXM2PD" (shown as "K7QX-M2PD"). */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION.codeLength; i++) code += VERIFICATION.codeAlphabet[randomInt(VERIFICATION.codeAlphabet.length)];
  return code;
}

export function displayCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Codes are stored only as a hash: a database leak reveals no live code. */
export function hashCode(code: string): string {
  return hashToken(`kursa-company-code:${normaliseCode(code)}`);
}

export function codeMatches(code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
