import { createHash } from 'node:crypto';

/**
 * How an audit entry is hashed, so that anyone holding an export can check the chain without Kursa
 * (scripts/audit-verify.ts imports this file; it imports nothing of the server's).
 *
 * 1. The entry is the object { organisation_id, seq, at, actor_id, actor_name, actor_email, ip,
 *    action, target_type, target_id, details, prev_hash }: absent values are null, seq a number and
 *    details the parsed JSON object (not its text, so an export may carry either).
 * 2. Canonical JSON: objects' keys sorted by UTF-16 code unit (JavaScript's default sort), no
 *    whitespace, strings and numbers as JSON.stringify writes them; arrays keep their order.
 * 3. hash = lower-case hex SHA-256 of the canonical JSON's UTF-8 bytes.
 * The first entry's prev_hash is GENESIS; every later one's is the hash of the entry before it.
 * When retention has removed a company's oldest entries, its chain starts from a signed checkpoint
 * (statement.ts): the first entry left is seq + 1 of the checkpoint and its prev_hash the
 * checkpoint's hash, the hash of the last entry removed.
 */
export const GENESIS = '0'.repeat(64);

export interface ChainEntry {
  organisation_id: string;
  seq: number;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** The object, or its JSON text as stored and exported in CSV. */
  details: unknown;
  prev_hash: string;
  hash: string;
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const detailsOf = (details: unknown): unknown => (typeof details === 'string' ? JSON.parse(details) : details);

export function entryHash(entry: Omit<ChainEntry, 'hash'>): string {
  const fields = {
    organisation_id: entry.organisation_id,
    seq: Number(entry.seq),
    at: entry.at,
    actor_id: entry.actor_id ?? null,
    actor_name: entry.actor_name ?? null,
    actor_email: entry.actor_email ?? null,
    ip: entry.ip ?? null,
    action: entry.action,
    target_type: entry.target_type ?? null,
    target_id: entry.target_id ?? null,
    details: detailsOf(entry.details),
    prev_hash: entry.prev_hash,
  };
  return createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex');
}

export type ChainVerdict = { ok: true; count: number } | { ok: false; seq: number; reason: 'missing' | 'link' | 'hash' | 'head' };

/**
 * Checks a company's log, given in seq order: from seq 1 and GENESIS, or, when retention removed
 * its oldest entries, from the checkpoint's seq + 1 and hash (`from`; statement.ts checks that the
 * checkpoint is signed). Each seq is the one expected (a deleted, inserted or renumbered row shows
 * here), each prev_hash the hash before, each hash its entry's. With the head (the company's last
 * seq and hash), rows cut off the end show too. Answers the first seq where it breaks.
 */
export function verifyChain(
  entries: readonly ChainEntry[],
  head?: { seq: number; hash: string },
  from?: { seq: number; hash: string },
): ChainVerdict {
  const start = from ? Number(from.seq) : 0;
  let prev = from ? from.hash : GENESIS;
  for (const [index, entry] of entries.entries()) {
    const expected = start + index + 1;
    if (Number(entry.seq) !== expected) return { ok: false, seq: expected, reason: 'missing' };
    if (entry.prev_hash !== prev) return { ok: false, seq: expected, reason: 'link' };
    let hash: string;
    try {
      hash = entryHash(entry);
    } catch {
      return { ok: false, seq: expected, reason: 'hash' };
    }
    if (hash !== entry.hash) return { ok: false, seq: expected, reason: 'hash' };
    prev = entry.hash;
  }
  const last = start + entries.length;
  if (head && (Number(head.seq) !== last || head.hash !== prev)) return { ok: false, seq: last + 1, reason: 'head' };
  return { ok: true, count: entries.length };
}
