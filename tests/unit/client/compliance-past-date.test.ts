import { describe, expect, it } from 'vitest';
import { copenhagenToday, dayBefore, endOfCopenhagenDay, isDay, pastDayOf, startOfCopenhagenDay } from '@/lib/copenhagen-days';

// A past view of the compliance reports is of the end of a day in Copenhagen, as a fixed due date
// is held to the end of its day there: the moment sent to the server must be that one in every
// season, whatever zone the browser is in.

describe('the end of a day in Copenhagen', () => {
  it('is 22:59:59.999 UTC in summer and 23:59:59.999 UTC in winter', () => {
    expect(endOfCopenhagenDay('2026-07-01')).toBe('2026-07-01T21:59:59.999Z');
    expect(endOfCopenhagenDay('2026-01-15')).toBe('2026-01-15T22:59:59.999Z');
  });

  it('follows the days summer time starts and ends, and the year’s end', () => {
    // Summer time starts on 29 March 2026 at 02:00 and ends on 25 October at 03:00.
    expect(endOfCopenhagenDay('2026-03-28')).toBe('2026-03-28T22:59:59.999Z');
    expect(endOfCopenhagenDay('2026-03-29')).toBe('2026-03-29T21:59:59.999Z');
    expect(endOfCopenhagenDay('2026-10-24')).toBe('2026-10-24T21:59:59.999Z');
    expect(endOfCopenhagenDay('2026-10-25')).toBe('2026-10-25T22:59:59.999Z');
    expect(endOfCopenhagenDay('2026-12-31')).toBe('2026-12-31T22:59:59.999Z');
    expect(endOfCopenhagenDay('2028-02-29')).toBe('2028-02-29T22:59:59.999Z');
  });
});

describe('the day of a past view', () => {
  const now = new Date('2026-06-10T22:30:00Z'); // 00:30 on 11 June in Copenhagen

  it('knows today in Copenhagen, not in UTC', () => {
    expect(copenhagenToday(now)).toBe('2026-06-11');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });

  it('takes only a real calendar day before today from the address', () => {
    expect(pastDayOf('2026-06-10', now)).toBe('2026-06-10');
    expect(pastDayOf('2026-06-11', now)).toBeUndefined();
    expect(pastDayOf('2027-01-01', now)).toBeUndefined();
    expect(pastDayOf('2026-02-30', now)).toBeUndefined();
    expect(pastDayOf('10-06-2026', now)).toBeUndefined();
    expect(pastDayOf(null, now)).toBeUndefined();
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
  });
});

describe('the first moment of a day in Copenhagen', () => {
  it('is 23:00 UTC the day before in winter and 22:00 in summer, also on the days the clocks change', () => {
    expect(startOfCopenhagenDay('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfCopenhagenDay('2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfCopenhagenDay('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfCopenhagenDay('2026-10-25', 1)).toBe('2026-10-25T23:00:00.000Z');
  });
});
