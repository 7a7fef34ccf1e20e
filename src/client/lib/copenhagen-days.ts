/**
 * Calendar days as Copenhagen has them, whatever zone the browser is in: a past view of the
 * compliance reports asks for the statuses at the last moment of a day there (as the server holds a
 * fixed due date to the end of its day), and the audit log's filters count whole days there.
 */

const ZONE = 'Europe/Copenhagen';
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const wall = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Copenhagen's offset from UTC at `ms`, in ms. */
function offsetAt(ms: number): number {
  const parts = wall.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const shown = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return shown - Math.floor(ms / 1000) * 1000;
}

/** Whether `day` is a real calendar date written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** The first moment of `day` (YYYY-MM-DD), plus `days` days, in Copenhagen, in ms. */
function copenhagenMidnight(day: string, days = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date + days);
  // Summer time starts and ends at 01:00 UTC, never near midnight in Copenhagen: the offset a
  // little before midnight is the one at it.
  return midnight - offsetAt(midnight - 3 * 60 * 60 * 1000);
}

/** The first moment of `day` (YYYY-MM-DD) in Copenhagen, as an ISO time; `days` later with `days`. */
export function startOfCopenhagenDay(day: string, days = 0): string {
  return new Date(copenhagenMidnight(day, days)).toISOString();
}

/** The last millisecond of `day` (YYYY-MM-DD) in Copenhagen, as an ISO time. */
export function endOfCopenhagenDay(day: string): string {
  return new Date(copenhagenMidnight(day, 1) - 1).toISOString();
}

/** Today's date in Copenhagen, YYYY-MM-DD. */
export function copenhagenToday(now: Date = new Date()): string {
  const parts = wall.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day of a past view in an address's query (?at=YYYY-MM-DD): only a real day before today counts. */
export function pastDayOf(value: string | null, now: Date = new Date()): string | undefined {
  return value !== null && isDay(value) && value < copenhagenToday(now) ? value : undefined;
}

/** A day to show in words: at noon UTC it is that calendar day in every zone from UTC−11 to UTC+11. */
export function dayAsIso(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}
