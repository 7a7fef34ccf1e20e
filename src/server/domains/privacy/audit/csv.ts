import type { ChainEntry } from './hash.ts';
import type { SignedHead } from './statement.ts';

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

/**
 * The entries (in file order) and the signatures (none in an export made before there were any)
 * of an exported CSV. Throws when the header is not the export's.
 */
export function parseAuditExport(text: string): { entries: ChainEntry[]; signatures: ExportedSignature[] } {
  const [header, ...rest] = records(text.replace(/^\uFEFF/, ''));
  if (!header || header.join(';') !== AUDIT_COLUMNS.join(';'))
    throw new Error(`not an audit log export: the header is not ${AUDIT_COLUMNS.join(';')}`);
  const split = rest.findIndex((cells) => cells.join(';') === SIGNATURE_COLUMNS.join(';'));
  const lines = split === -1 ? rest : rest.slice(0, split);
  const signed = split === -1 ? [] : rest.slice(split + 1).filter((cells) => cells.some((c) => c !== ''));
  const signatures = signed.map((cells) => {
    const value = (column: (typeof SIGNATURE_COLUMNS)[number]) => unguard(cells[SIGNATURE_COLUMNS.indexOf(column)] ?? '') ?? '';
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
  const entries = lines
    .filter((cells) => cells.some((c) => c !== ''))
    .map((cells) => {
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
  return { entries, signatures };
}
