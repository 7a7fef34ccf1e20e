import { hash, randomBytes, randomUUID } from 'node:crypto';

/** A 256-bit random session token, sent to the browser once and stored only as a hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

// Every logged-in request hashes its cookie's token: the one-shot hash() costs a third of a Hash object.
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newId(): string {
  return randomUUID();
}
