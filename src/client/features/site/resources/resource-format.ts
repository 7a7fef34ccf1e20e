import type { ResourceLanguage } from '@shared/resources.ts';

/** A resource's publishing date (YYYY-MM-DD) as '20. november 2026' / 'November 20, 2026'. */
export function formatResourceDate(date: string, lang: ResourceLanguage): string {
  return new Intl.DateTimeFormat(lang === 'da' ? 'da-DK' : 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function formatCount(value: number, lang: ResourceLanguage): string {
  return new Intl.NumberFormat(lang === 'da' ? 'da-DK' : 'en').format(value);
}

/** A file size in KB, e.g. '1,6 KB'. */
export function formatKilobytes(bytes: number, lang: ResourceLanguage): string {
  return `${new Intl.NumberFormat(lang === 'da' ? 'da-DK' : 'en', { maximumFractionDigits: 1 }).format(Math.max(0.1, bytes / 1024))} KB`;
}

/** An average rating with one decimal, e.g. '4,5' / '4.5'. */
export function formatAverage(value: number, lang: ResourceLanguage): string {
  return new Intl.NumberFormat(lang === 'da' ? 'da-DK' : 'en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
