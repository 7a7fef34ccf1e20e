import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { signingKeyId } from '../../../security/signing-key.ts';
import type { ChainEntry } from './hash.ts';

/**
 * What a signature of a company's chain head (or of a checkpoint, below) says, and how to check
 * one against an export without Kursa (scripts/audit-verify.ts imports this file; it imports only
 * node:crypto and the key id's definition).
 *
 * The hash chain shows a row edited, inserted or removed, but someone with the database could
 * recompute every hash after a change and leave a chain that checks. The notification scan signs
 * each company's head (seq, hash) with the installation's Ed25519 key; the private key is not in
 * the database, so a chain rewritten after a signature no longer matches the (seq, hash) it signed.
 *
 * The statement signed is the UTF-8 bytes of the JSON array
 *   ["kursa-audit-head/1", key_id, organisation_id, seq, hash, signed_at]
 * (seq a number, the rest strings), and the signature is Ed25519, base64url.
 *
 * When the retention run removes a company's oldest entries, a checkpoint takes their place: it
 * says that the entries up to and including seq, the last of which hashed to hash, were removed
 * at made_at, and the chain left starts from it (its first prev_hash is that hash). Signed with
 * the same key over the UTF-8 bytes of the JSON array
 *   ["kursa-audit-checkpoint/1", key_id, organisation_id, seq, hash, entry_at, removed, made_at]
 * (seq and removed numbers, the rest strings; entry_at is the `at` of entry seq, removed how many
 * entries that pruning took), so nobody without the private key can move the start of a chain.
 */
export const STATEMENT_VERSION = 'kursa-audit-head/1';
export const CHECKPOINT_VERSION = 'kursa-audit-checkpoint/1';

export interface SignedHead {
  organisation_id: string;
  seq: number;
  hash: string;
  signed_at: string;
  key_id: string;
  signature: string;
}

export const headStatement = (head: Omit<SignedHead, 'signature'>): string =>
  JSON.stringify([STATEMENT_VERSION, head.key_id, head.organisation_id, Number(head.seq), head.hash, head.signed_at]);

export interface SignedCheckpoint {
  organisation_id: string;
  seq: number;
  hash: string;
  entry_at: string;
  made_at: string;
  removed: number;
  key_id: string;
  signature: string;
}

export const checkpointStatement = (c: Omit<SignedCheckpoint, 'signature'>): string =>
  JSON.stringify([CHECKPOINT_VERSION, c.key_id, c.organisation_id, Number(c.seq), c.hash, c.entry_at, Number(c.removed), c.made_at]);

/** A public key (SPKI PEM) that is Ed25519 and whose id is `keyId`; undefined otherwise. */
export function publicKeyFor(pem: string, keyId: string): KeyObject | undefined {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519' && signingKeyId(key) === keyId ? key : undefined;
  } catch {
    return undefined;
  }
}

/** A malformed signature is one that does not hold, not an error. */
function signatureHolds(statement: string, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

export type SignaturesVerdict =
  { ok: true; count: number; lastSeq: number | null } | { ok: false; seq: number; reason: 'key' | 'signature' | 'chain' };

/**
 * Checks each signature with the key its key_id names (`keyFor`; none: 'key'), and that the
 * entry it signed is in the chain as signed (same company, same hash at that seq; else 'chain').
 * With a checkpoint, the chain starts after it: a head signed at the checkpoint's seq matches its
 * hash, and one below it signs an entry no longer there ('chain'; pruning deletes those).
 * Answers the first that fails.
 */
export function verifySignatures(
  entries: readonly ChainEntry[],
  signatures: readonly SignedHead[],
  keyFor: (keyId: string) => KeyObject | undefined,
  checkpoint?: Pick<SignedCheckpoint, 'organisation_id' | 'seq' | 'hash'>,
): SignaturesVerdict {
  const bySeq = new Map<number, Pick<ChainEntry, 'hash' | 'organisation_id'>>(entries.map((e) => [Number(e.seq), e]));
  if (checkpoint) bySeq.set(Number(checkpoint.seq), checkpoint);
  let lastSeq: number | null = null;
  for (const signed of [...signatures].sort((a, b) => a.seq - b.seq)) {
    const seq = Number(signed.seq);
    const key = keyFor(signed.key_id);
    if (!key) return { ok: false, seq, reason: 'key' };
    if (!signatureHolds(headStatement(signed), signed.signature, key)) return { ok: false, seq, reason: 'signature' };
    const entry = bySeq.get(seq);
    if (!entry || entry.hash !== signed.hash || entry.organisation_id !== signed.organisation_id)
      return { ok: false, seq, reason: 'chain' };
    lastSeq = seq;
  }
  return { ok: true, count: signatures.length, lastSeq };
}

export type CheckpointVerdict = { ok: true } | { ok: false; reason: 'key' | 'signature' };

/** Checks a checkpoint's signature with the key its key_id names (`keyFor`; none: 'key'). */
export function verifyCheckpoint(checkpoint: SignedCheckpoint, keyFor: (keyId: string) => KeyObject | undefined): CheckpointVerdict {
  const key = keyFor(checkpoint.key_id);
  if (!key) return { ok: false, reason: 'key' };
  return signatureHolds(checkpointStatement(checkpoint), checkpoint.signature, key) ? { ok: true } : { ok: false, reason: 'signature' };
}
