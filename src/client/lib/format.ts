import { currentLocale } from './i18n';

/** Numbers, money and dates in the UI language's conventions (da-DK or en). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLocale()).format(value);
}

/** Money is kept in minor units (øre), as the server stores it. */
export function formatMoney(minorUnits: number, currency = 'DKK'): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency, maximumFractionDigits: 0 }).format(minorUnits / 100);
}

export function formatPercent(ratio: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(date);
}
