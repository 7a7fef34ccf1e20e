import type { TCatalogueCourse } from '@shared/schemas/catalogue.ts';
import { currentLocale } from '@/lib/i18n';

/**
 * A course's price in the UI language's conventions (da-DK: "499 kr.", en: "DKK 499"), from the
 * minor units the server keeps; whole amounts without decimals. A free course says so.
 */
export function formatCoursePrice(
  course: Pick<TCatalogueCourse, 'pricing' | 'price' | 'currency'>,
  freeLabel: string,
  locale = currentLocale(),
): string {
  if (course.pricing === 'free' || course.price <= 0) return freeLabel;
  const amount = course.price / 100;
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: course.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/**
 * A duration in the language's own short units ("45 min.", "1,5 t." / "45 min", "1.5 hr"), or
 * null when the course does not state one.
 */
export function formatDuration(minutes: number | null, locale = currentLocale()): string | null {
  if (!minutes || minutes <= 0) return null;
  const hours = minutes >= 60;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: hours ? 'hour' : 'minute', maximumFractionDigits: 1 }).format(
    hours ? minutes / 60 : minutes,
  );
}

/** An average rating with one decimal in the language's conventions ("4,5" / "4.5"). */
export function formatRating(rating: number, locale = currentLocale()): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

/** A public course's learners as the catalogue shows them: the number, or "under 10" below ten. */
export function formatLearners(learners: number | 'under-10', few: string, locale = currentLocale()): string {
  return learners === 'under-10' ? few : new Intl.NumberFormat(locale).format(learners);
}
