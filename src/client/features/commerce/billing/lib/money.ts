import { currentLocale } from '@/lib/i18n';

/** Minor units with øre shown (an invoice's amounts are exact). */
export function money(minor: number, currency: string): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100);
}
