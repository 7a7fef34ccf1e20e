/**
 * npm run audit:verify <file>: checks an export of a company's audit log (GET /api/audit-log with
 * format=csv, or the JSON pages' entries) without Kursa's server or database: every entry's hash,
 * and that each links to the one before from seq 1. Prints OK and the count, or the first seq where
 * the chain breaks; exits 1 then (2 when the file cannot be read as an export).
 * Uses the server's own hashing and CSV reading, which import nothing else of the server.
 */
import { readFileSync } from 'node:fs';
import { parseAuditCsv } from '../src/server/domains/privacy/audit/csv.ts';
import { type ChainEntry, verifyChain } from '../src/server/domains/privacy/audit/hash.ts';

type JsonEntry = Record<string, unknown>;

/** The JSON pages' entries (camelCase, newest first) or rows as stored, put in chain order. */
function fromJson(value: unknown): ChainEntry[] {
  const list = (Array.isArray(value) ? value : ((value as { entries?: unknown }).entries ?? [])) as JsonEntry[];
  const pick = (e: JsonEntry, snake: string, camel: string) => (e[snake] ?? e[camel] ?? null) as string | null;
  return list
    .map((e) => ({
      organisation_id: pick(e, 'organisation_id', 'organisationId') ?? '',
      seq: Number(e.seq),
      at: String(e.at),
      actor_id: pick(e, 'actor_id', 'actorId'),
      actor_name: pick(e, 'actor_name', 'actorName'),
      actor_email: pick(e, 'actor_email', 'actorEmail'),
      ip: pick(e, 'ip', 'ip'),
      action: String(e.action),
      target_type: pick(e, 'target_type', 'targetType'),
      target_id: pick(e, 'target_id', 'targetId'),
      details: e.details ?? {},
      prev_hash: pick(e, 'prev_hash', 'prevHash') ?? '',
      hash: String(e.hash),
    }))
    .sort((a, b) => a.seq - b.seq);
}

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run audit:verify <export.csv|export.json>');
  process.exit(2);
}
let entries: ChainEntry[];
try {
  const text = readFileSync(file, 'utf8');
  entries = /^\uFEFF?\s*[[{]/.test(text) ? fromJson(JSON.parse(text.replace(/^\uFEFF/, ''))) : parseAuditCsv(text);
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const verdict = verifyChain(entries);
if (verdict.ok) {
  console.log(`OK: ${verdict.count} entries, the chain is whole${entries.length ? ` (last hash ${entries.at(-1)!.hash})` : ''}`);
} else {
  console.error(`BROKEN at seq ${verdict.seq} (${verdict.reason})`);
  process.exit(1);
}
