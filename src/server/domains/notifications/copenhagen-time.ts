/**
 * Dates and hours as people in Denmark read them. The periodic notifications go out at local
 * times (the digest at 07:00, the weekly summary on Monday morning), whatever zone the server's
 * machine is set to, and across the changes to and from summer time.
 */

const ZONE = 'Europe/Copenhagen';
const DAY = 24 * 60 * 60 * 1000;
/** The hour the digest and the weekly summary go out from. */
const MORNING_HOUR = 7;

const format = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall clock in Copenhagen at `at`, read as if it were UTC (so its offset is the difference). */
function wallClock(at: Date): number {
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(at).find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

const ymd = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
const midnightOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The Copenhagen date at `at`, YYYY-MM-DD. */
export function copenhagenDate(at: Date): string {
  return ymd(wallClock(at));
}

/** The date `days` after `day` (before it when negative), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return ymd(midnightOf(day) + days * DAY);
}

/** 1 for Monday … 7 for Sunday. */
export function isoWeekday(day: string): number {
  return new Date(midnightOf(day)).getUTCDay() || 7;
}

/** The moment it is `hour`:00 in Copenhagen on `day`. */
export function copenhagenHour(day: string, hour: number): Date {
  const local = midnightOf(day) + hour * 60 * 60 * 1000;
  // The offset at the local time taken as UTC is right except within hours of a change of
  // offset; taken again at the first guess it is right there too (the morning hours used here
  // are never in the hour skipped in spring).
  let guess = local - (wallClock(new Date(local)) - local);
  guess = local - (wallClock(new Date(guess)) - guess);
  return new Date(guess);
}

/** 07:00 in Copenhagen on `day`, when the morning's mail (the digest, the weekly summary) is due. */
export function morningOf(day: string): Date {
  return copenhagenHour(day, MORNING_HOUR);
}

/** The latest 07:00 in Copenhagen at or before `now`, and its date: the day whose morning mail is due. */
export function latestMorning(now: Date): { day: string; at: Date } {
  const today = copenhagenDate(now);
  const at = morningOf(today);
  if (at.getTime() <= now.getTime()) return { day: today, at };
  const yesterday = addDays(today, -1);
  return { day: yesterday, at: morningOf(yesterday) };
}

/** The ISO 8601 week of a date: its year (which may differ from the date's near new year) and number. */
export function isoWeek(day: string): { year: number; week: number } {
  // The week's Thursday decides its year; the year's first week is the one with its first Thursday.
  const thursday = midnightOf(day) + (4 - isoWeekday(day)) * DAY;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return { year, week };
}
