/**
 * Dates as people in Denmark read them, whatever zone the server's machine is set to: a
 * certificate that ran out at 23:30 UTC on 30 June ran out on 1 July in Copenhagen, and the
 * reports say so. (The notifications domain has its own copy of this conversion; the exports keep
 * theirs, so they depend on no other domain.)
 */

const ZONE = 'Europe/Copenhagen';
const HOUR = 60 * 60 * 1000;

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Copenhagen's offset from UTC in each UTC hour asked about. Asking Intl costs microseconds, and a
 * report of 100,000 lines asks 300,000 times; the offset only changes on the hour (01:00 UTC, when
 * summer time starts or ends), so one answer per hour is exact. Bounded, so a long-running server
 * keeps no more than a few thousand hours.
 */
const offsets = new Map<number, number>();
const MAX_OFFSETS = 10_000;

function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR;
    const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((p) => p.type === type)?.value);
    const parts = clock.formatToParts(start);
    const wall = Date.UTC(part(parts, 'year'), part(parts, 'month') - 1, part(parts, 'day'), part(parts, 'hour'), part(parts, 'minute'));
    offset = wall - start;
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** The wall clock in Copenhagen at `at`, as 'YYYY-MM-DDTHH:MM' (read off an ISO string of the shifted time). */
function wallClock(at: Date): string {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a time: ${String(at)}`);
  return new Date(ms + offsetAt(ms)).toISOString().slice(0, 16);
}

/** The calendar date in Copenhagen at `at`, YYYY-MM-DD. */
export function copenhagenDate(at: Date | string): string {
  return wallClock(typeof at === 'string' ? new Date(at) : at).slice(0, 10);
}

/** The date and the time of day in Copenhagen at `at`, 'YYYY-MM-DD HH:MM'. */
export function copenhagenDateTime(at: Date): string {
  return wallClock(at).replace('T', ' ');
}

/** A Copenhagen calendar date as a Date at that day's UTC midnight: spreadsheets store dates without a zone. */
export function spreadsheetDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
