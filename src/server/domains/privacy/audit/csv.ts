import type { ChainEntry } from './hash.ts';
import type { SignedCheckpoint, SignedHead } from './statement.ts';

/**
 * The audit log as CSV, and back: the same shape as the compliance exports (UTF-8 with a byte order
 * mark, semicolons, CRLF; a field quoted when it holds a semicolon, a quote or a line break), with
 * every column the hash covers, so the chain can be checked from the file alone
 * (scripts/audit-verify.ts reads it with parseAuditExport).
 *
 * A cell a spreadsheet would read as a formula gets a leading apostrophe, as in the compliance
 * exports. Here that must be undone exactly, or a name like "=Ida" would break the chain: so a value
 * starting with an apostrophe is guarded too, and reading strips one apostrophe before any guarded
 * character. An empty cell is null (no recorded value is the empty string).
 *
 * After the entries, a blank line and a second section: the signatures of the company's chain
 * heads (statement.ts), each with the public key (SPKI PEM) it was made with, so the file checks
 * offline. Its own header tells it apart; a spreadsheet shows it below the entries.
 *
 * When retention has removed the company's oldest entries, a third section follows (a blank line,
 * its own header): the latest checkpoint, signed, with its public key, which the entries start
 * from. An export made before checkpoints existed has no such section and reads as before.
 */
export const AUDIT_COLUMNS = [
  'seq',
  'at',
  'organisation_id',
  'actor_id',
  'actor_name',
  'actor_email',
  'ip',
  'action',
  'target_type',
  'target_id',
  'details',
  'prev_hash',
  'hash',
] as const;

export const SIGNATURE_COLUMNS = [
  'organisation_id',
  'signed_seq',
  'signed_hash',
  'signed_at',
  'key_id',
  'signature',
  'public_key',
] as const;

export const CHECKPOINT_COLUMNS = [
  'organisation_id',
  'checkpoint_seq',
  'checkpoint_hash',
  'entry_at',
  'made_at',
  'removed',
  'key_id',
  'signature',
  'public_key',
] as const;

/** A checkpoint with the public key its key_id names, as the export carries it. */
export interface ExportedCheckpoint extends SignedCheckpoint {
  public_key: string;
}

/** A signed head with the public key its key_id names, as the export carries it. */
export interface ExportedSignature extends SignedHead {
  public_key: string;
}

const BOM = '\uFEFF';
const EOL = '\r\n';
const GUARDED = /^[=+\-@\t\r']/;
const NEEDS_QUOTES = /[;"\r\n]/;

function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const guarded = GUARDED.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export const csvHeader = (): string => BOM + AUDIT_COLUMNS.join(';') + EOL;

export function csvLine(entry: ChainEntry): string {
  const details = typeof entry.details === 'string' ? entry.details : JSON.stringify(entry.details);
  return AUDIT_COLUMNS.map((column) => field(column === 'details' ? details : entry[column])).join(';') + EOL;
}

export const signaturesHeader = (): string => EOL + SIGNATURE_COLUMNS.join(';') + EOL;

export function signatureLine(s: ExportedSignature): string {
  return [s.organisation_id, s.seq, s.hash, s.signed_at, s.key_id, s.signature, s.public_key].map(field).join(';') + EOL;
}

export const checkpointHeader = (): string => EOL + CHECKPOINT_COLUMNS.join(';') + EOL;

export function checkpointLine(c: ExportedCheckpoint): string {
  return (
    [c.organisation_id, c.seq, c.hash, c.entry_at, c.made_at, c.removed, c.key_id, c.signature, c.public_key].map(field).join(';') + EOL
  );
}

/** RFC 4180 fields split on semicolons; quoted fields may hold semicolons, quotes and line breaks. */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ';') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const unguard = (cell: string): string | null => {
  if (cell === '') return null;
  return cell.length > 1 && cell.startsWith("'") && GUARDED.test(cell.slice(1)) ? cell.slice(1) : cell;
};

/** The cells of a section's row by its columns' names, unguarded; an empty cell is ''. */
const reader =
  <C extends string>(columns: readonly C[], cells: string[]) =>
  (column: C): string =>
    unguard(cells[columns.indexOf(column)] ?? '') ?? '';

const filled = (rows: string[][]) => rows.filter((cells) => cells.some((c) => c !== ''));

/**
 * The entries (in file order), the signatures (none in an export made before there were any) and
 * the checkpoint the entries start from (null when the export has none) of an exported CSV.
 * Throws when the header is not the export's.
 */
export function parseAuditExport(text: string): {
  entries: ChainEntry[];
  signatures: ExportedSignature[];
  checkpoint: ExportedCheckpoint | null;
} {
  const [header, ...rest] = records(text.replace(/^\uFEFF/, ''));
  if (!header || header.join(';') !== AUDIT_COLUMNS.join(';'))
    throw new Error(`not an audit log export: the header is not ${AUDIT_COLUMNS.join(';')}`);
  const at = (columns: readonly string[]) => {
    const index = rest.findIndex((cells) => cells.join(';') === columns.join(';'));
    return index === -1 ? rest.length : index;
  };
  const signedAt = at(SIGNATURE_COLUMNS);
  const checkpointAt = at(CHECKPOINT_COLUMNS);
  const lines = rest.slice(0, Math.min(signedAt, checkpointAt));
  // A section runs from its header to the next one's, or the end.
  const section = (start: number) =>
    filled(rest.slice(start + 1, Math.min(...[signedAt, checkpointAt, rest.length].filter((end) => end > start))));
  const signatures = section(signedAt).map((cells) => {
    const value = reader(SIGNATURE_COLUMNS, cells);
    return {
      organisation_id: value('organisation_id'),
      seq: Number(value('signed_seq')),
      hash: value('signed_hash'),
      signed_at: value('signed_at'),
      key_id: value('key_id'),
      signature: value('signature'),
      public_key: value('public_key'),
    };
  });
  const checkpoints = section(checkpointAt).map((cells) => {
    const value = reader(CHECKPOINT_COLUMNS, cells);
    return {
      organisation_id: value('organisation_id'),
      seq: Number(value('checkpoint_seq')),
      hash: value('checkpoint_hash'),
      entry_at: value('entry_at'),
      made_at: value('made_at'),
      removed: Number(value('removed')),
      key_id: value('key_id'),
      signature: value('signature'),
      public_key: value('public_key'),
    };
  });
  if (checkpoints.length > 1) throw new Error('not an audit log export: more than one checkpoint');
  const entries = filled(lines).map((cells) => {
    const value = (column: (typeof AUDIT_COLUMNS)[number]) => unguard(cells[AUDIT_COLUMNS.indexOf(column)] ?? '');
    return {
      organisation_id: value('organisation_id') ?? '',
      seq: Number(value('seq')),
      at: value('at') ?? '',
      actor_id: value('actor_id'),
      actor_name: value('actor_name'),
      actor_email: value('actor_email'),
      ip: value('ip'),
      action: value('action') ?? '',
      target_type: value('target_type'),
      target_id: value('target_id'),
      details: value('details') ?? '{}',
      prev_hash: value('prev_hash') ?? '',
      hash: value('hash') ?? '',
    };
  });
  return { entries, signatures, checkpoint: checkpoints[0] ?? null };
}
