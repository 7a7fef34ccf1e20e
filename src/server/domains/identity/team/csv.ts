import type { Role } from '../../../../shared/constants.ts';
import { GROUP_NAME_MAX } from '../../../../shared/schemas/compliance.ts';

/**
 * A small CSV reader for invitation imports (RFC 4180: quoted fields, doubled quotes, CRLF or LF).
 * The delimiter is the header's: a comma, or a semicolon as Danish spreadsheets write it.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter =
    firstLine.includes(';') && !firstLine.includes(',') ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** The words a role column may hold, in Danish or English; an empty cell is a learner. */
const ROLE_WORDS: Record<string, Role> = {
  admin: 'admin',
  administrator: 'admin',
  instructor: 'instructor',
  instruktør: 'instructor',
  instruktor: 'instructor',
  teacher: 'instructor',
  underviser: 'instructor',
  learner: 'learner',
  kursist: 'learner',
  student: 'learner',
  studerende: 'learner',
  elev: 'learner',
  '': 'learner',
};

/** The role a role cell names; undefined for a word it does not know. */
export function roleOfCell(cell: string): Role | undefined {
  return ROLE_WORDS[cell.trim().toLowerCase()];
}

/** The group names a group cell lists (separated by commas), each once; a name too long for a group is left out. */
export function groupNamesOfCell(cell: string): string[] {
  const names = cell
    .split(',')
    .map((g) => g.trim().replace(/\s+/g, ' '))
    .filter((g) => g !== '' && g.length <= GROUP_NAME_MAX);
  return [...new Set(names)];
}
