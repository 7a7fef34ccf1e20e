import { copenhagenDate, copenhagenDateTime } from './copenhagen.ts';
import type { ReportMeta } from './lines.ts';
import { say, statusWord } from './texts.ts';

/** What the report is called: the matrix, one person's training record, one course's completion report. */
export function heading(meta: Pick<ReportMeta, 'kind' | 'title' | 'language'>): string {
  switch (meta.kind) {
    case 'compliance':
      return say('headingCompliance', meta.language);
    case 'person':
      return say('headingPerson', meta.language, { name: meta.title });
    case 'course':
      return say('headingCourse', meta.language, { course: meta.title });
  }
}

/** A moment as Danish wall-clock time, saying so: the reader may be anywhere. */
export const danishTime = (at: Date, language: ReportMeta['language']): string =>
  say('danishTime', language, { at: copenhagenDateTime(at) });

/** The period's first and last days, or null when the report covers none. */
export function periodText(meta: Pick<ReportMeta, 'period' | 'language'>): string | null {
  if (!meta.period) return null;
  return say('periodRange', meta.language, { from: copenhagenDate(meta.period.from), to: copenhagenDate(meta.period.to) });
}

/** Each filter by its label and the name filtered on, null where nothing was filtered. */
function eachFilter(meta: Pick<ReportMeta, 'filters' | 'language'>): [string, string | null][] {
  const { filters, language } = meta;
  return [
    [say('group', language), filters.group],
    [say('course', language), filters.course],
    [say('status', language), filters.status && statusWord(filters.status, language)],
  ];
}

/** Each filter by its label and the name filtered on, "All" where nothing was. */
export function filterFacts(meta: Pick<ReportMeta, 'filters' | 'language'>): [string, string][] {
  return eachFilter(meta).map(([label, value]) => [label, value ?? say('all', meta.language)]);
}

/** The filters applied, in one line ("Group: Warehouse · Status: Overdue"), or "None". */
export function filtersText(meta: Pick<ReportMeta, 'filters' | 'language'>): string {
  const applied = eachFilter(meta).flatMap(([label, value]) => (value === null ? [] : [`${label}: ${value}`]));
  return applied.length ? applied.join(' · ') : say('noFilters', meta.language);
}
