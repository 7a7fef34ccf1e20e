import { addDays, copenhagenHour } from '../notifications/index.ts';

const DAY = 24 * 60 * 60 * 1000;

/** `months` calendar months after `iso`, on the same day or the month's last when it has fewer days (31 January → 28/29 February). */
export function addMonths(iso: string, months: number): string {
  const at = new Date(iso);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return at.toISOString();
}

/** The last moment of a day in Copenhagen (YYYY-MM-DD): a fixed due date holds all that day. */
export function endOfDay(day: string): string {
  return new Date(copenhagenHour(addDays(day, 1), 0).getTime() - 1).toISOString();
}

/**
 * When a requirement falls due for a person who became subject to it at `base` (joined its group,
 * or the requirement was made after they had): `dueDays` after it, or the fixed date.
 */
export function dueFor(requirement: { due_days: number | null; due_on: string | null }, base: string): string {
  if (requirement.due_on !== null) return endOfDay(requirement.due_on);
  return new Date(Date.parse(base) + (requirement.due_days ?? 0) * DAY).toISOString();
}

/**
 * Until when a certificate fulfils a requirement: its own expiry, or the requirement's recurrence
 * from when it was earned, whichever comes first (null: for good); and from when it counts as
 * expiring (the requirement's renewal window before that).
 */
export function validity(
  certificate: { issued_at: string; expires_at: string | null },
  requirement: { recur_months: number | null; renew_days: number },
): { validUntil: string | null; expiringFrom: string | null } {
  const recurs = requirement.recur_months === null ? null : addMonths(certificate.issued_at, requirement.recur_months);
  const candidates = [certificate.expires_at, recurs].filter((d): d is string => d !== null).sort();
  const validUntil = candidates[0] ?? null;
  return {
    validUntil,
    expiringFrom: validUntil === null ? null : new Date(Date.parse(validUntil) - requirement.renew_days * DAY).toISOString(),
  };
}
