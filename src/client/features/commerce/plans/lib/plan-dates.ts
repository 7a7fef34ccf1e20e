import { currentLocale } from '@/lib/i18n';

/**
 * Where a company chooses or renews its plan (the billing page). Kept here rather than in the
 * shared constants, which sit in the public pages' first-load chunk.
 */
export const BILLING_PATH = '/billing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "11. dec. 2026" / "Dec 11, 2026": a plan's dates, short, in the UI language. */
export function formatPlanDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(date);
}

/** Whole days (rounded up) from now until `iso`; 0 once it has passed. */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / DAY_MS));
}
