import { describe, expect, it } from 'vitest';
import { dashboardSectionOf, legacyTabAddress } from '@/features/courses/dashboard/lib/dashboard-section';
import { dueAtFromDay, today } from '@/features/courses/dashboard/lib/due-date';
import { relativeTime } from '@/lib/relative-time';
import { summariseSeries } from '@/features/courses/dashboard/lib/series-summary';
import { courseShareUrl, isShareable } from '@/features/courses/dashboard/lib/share-url';
import { learningFigures } from '@/features/identity/profile/lib/learning-figures';

describe('the dashboard section in the address', () => {
  it('reads the section from the path, with the overview for none or an unknown one', () => {
    expect(dashboardSectionOf('/dashboard')).toBe('overview');
    expect(dashboardSectionOf('/dashboard/analytics')).toBe('analytics');
    expect(dashboardSectionOf('/dashboard/people/')).toBe('people');
    expect(dashboardSectionOf('/dashboard/reports')).toBe('overview');
  });

  it('sends an old tab link to its section and keeps the other parameters', () => {
    expect(legacyTabAddress('?tab=analytics')).toBe('/dashboard/analytics');
    expect(legacyTabAddress('?new=course&tab=courses')).toBe('/dashboard/courses?new=course');
    expect(legacyTabAddress('?tab=students')).toBe('/dashboard/people');
    expect(legacyTabAddress('?tab=overview')).toBeUndefined();
    expect(legacyTabAddress('?new=course')).toBeUndefined();
  });
});

describe('relative times on the activity list', () => {
  const now = Date.parse('2026-05-20T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago, in Danish and English, up to a week', () => {
    expect(relativeTime(ago(20_000), 'da-DK', now)).toBe('nu');
    expect(relativeTime(ago(5 * 60_000), 'da-DK', now)).toBe('for 5 minutter siden');
    expect(relativeTime(ago(3 * 3_600_000), 'en', now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3_600_000), 'da-DK', now)).toBe('i går');
    expect(relativeTime(ago(26 * 3_600_000), 'en', now)).toBe('yesterday');
    expect(relativeTime(ago(6 * 86_400_000), 'en', now)).toBe('6 days ago');
  });

  it('gives the date for anything older, and nothing for a bad time', () => {
    expect(relativeTime('2026-05-01T10:00:00Z', 'da-DK', now)).toBe('1. maj 2026');
    expect(relativeTime('2026-05-01T10:00:00Z', 'en', now)).toBe('May 1, 2026');
    expect(relativeTime('not a time', 'en', now)).toBe('');
  });

  it('treats a time slightly in the future (clocks differ) as now', () => {
    expect(relativeTime(new Date(now + 5_000).toISOString(), 'en', now)).toBe('now');
  });
});

describe('sharing a course', () => {
  it('links to the company site when there is one, else the catalogue page on this origin', () => {
    expect(courseShareUrl('moedeledelse', 'http://demo.localhost:5000', 'http://localhost:5000')).toBe(
      'http://demo.localhost:5000/courses/moedeledelse',
    );
    expect(courseShareUrl('moedeledelse', null, 'https://kursa.dk')).toBe('https://kursa.dk/courses/moedeledelse');
    expect(courseShareUrl('a-b', 'https://acme.kursa.dk/', 'https://kursa.dk')).toBe('https://acme.kursa.dk/courses/a-b');
  });

  it('offers only published courses a stranger can open', () => {
    expect(isShareable({ slug: 'a', status: 'published', visibility: 'public' })).toBe(true);
    expect(isShareable({ slug: 'a', status: 'published', visibility: 'unlisted' })).toBe(true);
    expect(isShareable({ slug: 'a', status: 'published', visibility: 'private' })).toBe(false);
    expect(isShareable({ slug: 'a', status: 'draft', visibility: 'public' })).toBe(false);
    expect(isShareable({ slug: 'a', status: 'archived', visibility: 'public' })).toBe(false);
  });
});

describe("the chart's text alternative", () => {
  it('adds up the period and names its busiest day (the first of equals)', () => {
    const series = [
      { date: '2026-05-01', enrolments: 0, completions: 0 },
      { date: '2026-05-02', enrolments: 2, completions: 1 },
      { date: '2026-05-03', enrolments: 3, completions: 0 },
      { date: '2026-05-04', enrolments: 3, completions: 2 },
    ];
    expect(summariseSeries(series)).toEqual({ enrolments: 8, completions: 3, busiest: { date: '2026-05-03', enrolments: 3 } });
  });

  it('has no busiest day when nobody enrolled', () => {
    expect(summariseSeries([{ date: '2026-05-01', enrolments: 0, completions: 1 }])).toEqual({
      enrolments: 0,
      completions: 1,
      busiest: null,
    });
    expect(summariseSeries([])).toEqual({ enrolments: 0, completions: 0, busiest: null });
  });
});

describe('an assignment due date', () => {
  it('is the end of the chosen day in local time', () => {
    const due = new Date(dueAtFromDay('2026-06-30')!);
    expect([due.getFullYear(), due.getMonth() + 1, due.getDate(), due.getHours(), due.getMinutes()]).toEqual([2026, 6, 30, 23, 59]);
  });

  it('is nothing for an empty field or a day that does not exist', () => {
    expect(dueAtFromDay('')).toBeUndefined();
    expect(dueAtFromDay('2026-02-31')).toBeUndefined();
    expect(dueAtFromDay('30-06-2026')).toBeUndefined();
  });

  it("writes today as a date field's value", () => {
    expect(today(new Date(2026, 0, 5, 9, 30))).toBe('2026-01-05');
  });
});

describe("a learner's Statistikker", () => {
  it('counts enrolled, completed and begun courses and averages the progress', () => {
    expect(
      learningFigures([
        { progress: 100, completedAt: '2026-05-01T10:00:00Z' },
        { progress: 50, completedAt: null },
        { progress: 0, completedAt: null },
      ]),
    ).toEqual({ enrolled: 3, completed: 1, inProgress: 1, averageProgress: 50 });
  });

  it('has no average without courses', () => {
    expect(learningFigures([])).toEqual({ enrolled: 0, completed: 0, inProgress: 0, averageProgress: null });
  });
});
