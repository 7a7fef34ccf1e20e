import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A 256-bit random session token, sent to the browser once and stored only as a hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newId(): string {
  return randomUUID();
}
