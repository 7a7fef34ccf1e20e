import { currentLocale } from '@/lib/i18n';

/** A file size for people: 930 B, 12 kB, 4.2 MB, 1.3 GB (in the UI language's number format). */
export function formatFileSize(bytes: number, locale: string = currentLocale()): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
