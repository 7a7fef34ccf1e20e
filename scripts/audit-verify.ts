/**
 * npm run audit:verify <file> [--key <public key PEM>]: checks an export of a company's audit log
 * (GET /api/audit-log with format=csv or format=json, or the JSON pages' entries) without Kursa's
 * server or database. When retention has removed the oldest entries, the export carries the signed
 * checkpoint the chain starts from: its signature is checked first (by the public key in the file,
 * or with --key by that key alone), then the chain from it (the first entry is the checkpoint's
 * seq + 1 and links to its hash). Without a checkpoint the chain must start at seq 1: entries cut
 * off the start without one show as missing. Then every entry's hash and link, and each signature
 * of a chain head the export carries: Ed25519 by the public key in the file (or, with --key, by the
 * key the auditor got from the installation separately, which a forger cannot swap), over the
 * (seq, hash) the chain has there, so a chain rewritten after a signature fails.
 * Prints OK, the count, where the chain starts and the last signed seq, or the first seq where it
 * breaks; exits 1 then (2 when the file or the key cannot be read).
 * Uses the server's own hashing, CSV reading and statements, which import nothing else of the server.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type ExportedCheckpoint, type ExportedSignature, parseAuditExport } from '../src/server/domains/privacy/audit/csv.ts';
import { type ChainEntry, verifyChain } from '../src/server/domains/privacy/audit/hash.ts';
import { publicKeyFor, verifyCheckpoint, verifySignatures } from '../src/server/domains/privacy/audit/statement.ts';
import { signingKeyId } from '../src/server/security/signing-key.ts';

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

/** A JSON export's signed heads (camelCase, as GET /api/audit-log?format=json writes them); none in the pages. */
function signaturesFromJson(value: unknown): ExportedSignature[] {
  const list = (Array.isArray(value) ? [] : ((value as { signatures?: unknown }).signatures ?? [])) as JsonEntry[];
  return list.map((s) => ({
    organisation_id: String(s.organisationId ?? s.organisation_id ?? ''),
    seq: Number(s.seq),
    hash: String(s.hash),
    signed_at: String(s.signedAt ?? s.signed_at ?? ''),
    key_id: String(s.keyId ?? s.key_id ?? ''),
    signature: String(s.signature),
    public_key: String(s.publicKey ?? s.public_key ?? ''),
  }));
}

/**
 * A JSON export's checkpoint (camelCase); null in an export without one. A page's checkpoint says
 * where the log starts but carries no hash or signature, so nothing checks from it: null too.
 */
function checkpointFromJson(value: unknown): ExportedCheckpoint | null {
  const c = (Array.isArray(value) ? null : ((value as { checkpoint?: unknown }).checkpoint ?? null)) as JsonEntry | null;
  if (!c || typeof c.signature !== 'string' || typeof c.hash !== 'string') return null;
  return {
    organisation_id: String(c.organisationId ?? c.organisation_id ?? ''),
    seq: Number(c.seq),
    hash: String(c.hash),
    entry_at: String(c.entryAt ?? c.entry_at ?? ''),
    made_at: String(c.madeAt ?? c.made_at ?? ''),
    removed: Number(c.removed),
    key_id: String(c.keyId ?? c.key_id ?? ''),
    signature: String(c.signature),
    public_key: String(c.publicKey ?? c.public_key ?? ''),
  };
}

const args = process.argv.slice(2);
const keyAt = args.indexOf('--key');
const keyFile = keyAt === -1 ? undefined : args[keyAt + 1];
const file = args.find((arg, i) => !arg.startsWith('--') && (keyAt === -1 || i !== keyAt + 1));
if (!file || (keyAt !== -1 && !keyFile)) {
  console.error('usage: npm run audit:verify <export.csv|export.json> [--key <public-key.pem>]');
  process.exit(2);
}
let entries: ChainEntry[];
let signatures: ExportedSignature[] = [];
let checkpoint: ExportedCheckpoint | null = null;
let given: { id: string; pem: string } | undefined;
try {
  const text = readFileSync(file, 'utf8');
  if (/^\uFEFF?\s*[[{]/.test(text)) {
    const json: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    entries = fromJson(json);
    signatures = signaturesFromJson(json);
    checkpoint = checkpointFromJson(json);
  } else ({ entries, signatures, checkpoint } = parseAuditExport(text));
  if (keyFile) {
    const pem = readFileSync(keyFile, 'utf8');
    given = { id: signingKeyId(createPublicKey(pem)), pem };
  }
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
// With --key, only that key counts: a signature by any other (one put in the file) fails.
const keyFor = (keyId: string): KeyObject | undefined => {
  if (given) return given.id === keyId ? publicKeyFor(given.pem, keyId) : undefined;
  const pem = signatures.find((s) => s.key_id === keyId)?.public_key ?? (checkpoint?.key_id === keyId ? checkpoint.public_key : undefined);
  return pem ? publicKeyFor(pem, keyId) : undefined;
};
const notTheKey = given ? 'not signed by the key given' : 'unknown key';
if (checkpoint) {
  const held = verifyCheckpoint(checkpoint, keyFor);
  if (!held.ok) {
    console.error(`BROKEN: the checkpoint at seq ${checkpoint.seq} fails (${held.reason === 'key' ? notTheKey : 'bad signature'})`);
    process.exit(1);
  }
  if (entries.some((e) => e.organisation_id !== checkpoint!.organisation_id)) {
    console.error(`BROKEN: the checkpoint at seq ${checkpoint.seq} is another company's`);
    process.exit(1);
  }
}
const verdict = verifyChain(entries, undefined, checkpoint ?? undefined);
if (!verdict.ok) {
  console.error(`BROKEN at seq ${verdict.seq} (${verdict.reason})`);
  process.exit(1);
}
const signed = verifySignatures(entries, signatures, keyFor, checkpoint ?? undefined);
if (!signed.ok) {
  const why = {
    key: notTheKey,
    signature: 'bad signature',
    chain: 'the chain differs from what was signed',
  };
  console.error(`BROKEN: the signature of seq ${signed.seq} fails (${why[signed.reason]})`);
  process.exit(1);
}
const last = entries.at(-1);
const start = checkpoint
  ? ` from seq ${checkpoint.seq + 1} (entries 1–${checkpoint.seq} removed by retention on ${checkpoint.made_at.slice(0, 10)}, ` +
    `the checkpoint signed${given ? ' with the key given' : ''})`
  : '';
console.log(
  `OK: ${verdict.count} entries${start}, the chain is whole${last ? ` (last hash ${last.hash})` : ''}; ` +
    (signed.lastSeq === null
      ? 'no signed head in the file'
      : `${signed.count} signed head(s) verify${given ? ' with the key given' : ''}, the last at seq ${signed.lastSeq}`),
);
