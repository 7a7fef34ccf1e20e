import { copenhagenDate } from './copenhagen.ts';
import type { ReportLanguage, ReportLine } from './lines.ts';
import { statusWord } from './texts.ts';

/**
 * The columns of the CSV and the spreadsheet, in order: each its header's text key, what kind of
 * value it holds (which decides how each format writes it), and that value for a line. The PDF has
 * its own narrower table.
 */
export type Cell = { kind: 'text'; text: string } | { kind: 'date'; day: string } | { kind: 'number'; value: number } | null;

export interface Column {
  key: keyof ReportLine;
  /** Characters wide in the spreadsheet. */
  width: number;
  cell: (line: ReportLine, language: ReportLanguage) => Cell;
}

const text = (value: string | null): Cell => (value === null || value === '' ? null : { kind: 'text', text: value });
const date = (iso: string | null): Cell => (iso === null ? null : { kind: 'date', day: copenhagenDate(iso) });

export const COLUMNS: readonly Column[] = [
  { key: 'person', width: 28, cell: (l) => text(l.person) },
  { key: 'email', width: 32, cell: (l) => text(l.email) },
  { key: 'groups', width: 28, cell: (l) => text(l.groups.join(', ')) },
  { key: 'course', width: 34, cell: (l) => text(l.course) },
  { key: 'requiredOf', width: 20, cell: (l) => text(l.requiredOf) },
  { key: 'status', width: 18, cell: (l, language) => text(statusWord(l.status, language)) },
  { key: 'dueAt', width: 12, cell: (l) => date(l.dueAt) },
  { key: 'completedAt', width: 12, cell: (l) => date(l.completedAt) },
  { key: 'validUntil', width: 12, cell: (l) => date(l.validUntil) },
  { key: 'score', width: 8, cell: (l) => (l.score === null ? null : { kind: 'number', value: l.score }) },
  { key: 'exemptReason', width: 36, cell: (l) => text(l.exemptReason) },
];
