import { currentLocale } from './i18n';

// A formatter is dear to make (the first of a locale loads its data) and cheap to use: each is
// made once per locale and kind, and kept.
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: (locale: string) => T): T {
  const locale = currentLocale();
  const id = `${key}|${locale}`;
  let formatter = made.get(id) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    made.set(id, formatter);
  }
  return formatter;
}

/** Numbers, money and dates in the UI language's conventions (da-DK or en). */
export function formatNumber(value: number): string {
  return kept('number', (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** Money is kept in minor units (øre), as the server stores it. */
export function formatMoney(minorUnits: number, currency = 'DKK'): string {
  return kept(
    `money ${currency}`,
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }),
  ).format(minorUnits / 100);
}

export function formatPercent(ratio: number): string {
  return kept('percent', (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(ratio);
}

/** `iso` by the formatter kept as `key`; nothing for a date it cannot read. */
function formatAt(iso: string, key: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return kept(key, (locale) => new Intl.DateTimeFormat(locale, options)).format(date);
}

export function formatDate(iso: string): string {
  return formatAt(iso, 'date', { dateStyle: 'long' });
}

/** A moment: its date and its time of day (a saved version, a restored edit). */
export function formatDateTime(iso: string): string {
  return formatAt(iso, 'date time', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A time of day, hours and minutes (when a code sent today runs out). */
export function formatTime(iso: string): string {
  return formatAt(iso, 'time', { hour: '2-digit', minute: '2-digit' });
}
