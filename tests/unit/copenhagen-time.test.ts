import { describe, expect, it } from 'vitest';
import {
  addDays,
  copenhagenDate,
  copenhagenHour,
  isoWeek,
  isoWeekday,
  latestMorning,
} from '../../src/server/domains/notifications/copenhagen-time.ts';

// Local dates and hours in Copenhagen, whatever the machine's zone, in winter, in summer and on
// the days the clocks change.
describe('Copenhagen time', () => {
  it('finds the moment of a local hour in winter (UTC+1), in summer (UTC+2) and on the days the clocks change', () => {
    expect(copenhagenHour('2026-01-15', 7).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(copenhagenHour('2026-07-15', 7).toISOString()).toBe('2026-07-15T05:00:00.000Z');
    // Summer time starts at 02:00 on 29 March 2026 and ends at 03:00 on 25 October 2026.
    expect(copenhagenHour('2026-03-29', 7).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(copenhagenHour('2026-10-25', 7).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(copenhagenHour('2026-03-29', 0).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('reads the local date, which is not the UTC date around midnight', () => {
    expect(copenhagenDate(new Date('2026-06-30T22:30:00.000Z'))).toBe('2026-07-01');
    expect(copenhagenDate(new Date('2026-12-31T22:59:59.000Z'))).toBe('2026-12-31');
    expect(copenhagenDate(new Date('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01');
  });

  it('gives the latest 07:00 at or before a moment', () => {
    expect(latestMorning(new Date('2026-11-30T06:00:00.000Z'))).toEqual({ day: '2026-11-30', at: new Date('2026-11-30T06:00:00.000Z') });
    expect(latestMorning(new Date('2026-11-30T05:59:59.999Z'))).toEqual({ day: '2026-11-29', at: new Date('2026-11-29T06:00:00.000Z') });
    // The morning after the clocks went back is an hour later in UTC.
    expect(latestMorning(new Date('2026-10-26T06:30:00.000Z')).at.toISOString()).toBe('2026-10-26T06:00:00.000Z');
    expect(latestMorning(new Date('2026-10-25T05:30:00.000Z')).at.toISOString()).toBe('2026-10-24T05:00:00.000Z');
  });

  it('counts days, weekdays and ISO weeks, also across new year', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeek('2026-11-30')).toEqual({ year: 2026, week: 49 });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(isoWeek('2021-01-03')).toEqual({ year: 2020, week: 53 });
  });
});
