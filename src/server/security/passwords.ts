import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum, which verbatimModuleSyntax can't read: 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's baseline). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, so a login for an unknown email cannot be told
 * apart from a wrong password by how long it takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('kursa-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
