import { describe, expect, it } from 'vitest';
import {
  catalogueApiPath,
  catalogueSearchString,
  changeFilters,
  EMPTY_FILTERS,
  pageCount,
  parseCatalogueSearch,
} from '@/features/site/catalogue/catalogue-filters';
import { formatCoursePrice, formatDuration, formatLearners, formatRating } from '@/features/site/catalogue/course-format';
import { enrolTarget } from '@/features/site/catalogue/enrol';

describe('catalogue filters in the address bar', () => {
  it('reads a plain /courses as the unfiltered catalogue, newest first', () => {
    expect(parseCatalogueSearch('')).toEqual(EMPTY_FILTERS);
    expect(catalogueSearchString(EMPTY_FILTERS)).toBe('');
    expect(catalogueApiPath(EMPTY_FILTERS)).toBe('/api/catalogue');
  });

  it('round-trips every filter, writing only what differs from the defaults', () => {
    const search = '?q=ledelse+i+praksis&category=leadership&level=advanced&sort=price-low&page=3';
    const filters = parseCatalogueSearch(search);
    expect(filters).toEqual({ q: 'ledelse i praksis', category: 'leadership', level: 'advanced', sort: 'price-low', page: 3 });
    expect(catalogueSearchString(filters)).toBe(search);
    expect(catalogueApiPath(filters)).toBe(`/api/catalogue${search}`);
  });

  it('sorts a search by relevance unless another order is chosen, and never by relevance without one', () => {
    expect(parseCatalogueSearch('?q=excel').sort).toBe('relevance');
    expect(catalogueSearchString(parseCatalogueSearch('?q=excel'))).toBe('?q=excel');
    expect(parseCatalogueSearch('?sort=relevance').sort).toBe('newest');
    expect(catalogueSearchString({ ...EMPTY_FILTERS, sort: 'title' })).toBe('?sort=title');
  });

  it('falls back to the defaults for unknown or out-of-range values instead of failing', () => {
    expect(parseCatalogueSearch('?category=cooking&level=expert&sort=random&page=-2')).toEqual(EMPTY_FILTERS);
    expect(parseCatalogueSearch('?page=abc').page).toBe(1);
    expect(parseCatalogueSearch('?page=2.5').page).toBe(1);
    expect(parseCatalogueSearch('?page=99999999').page).toBe(10_000);
    expect(parseCatalogueSearch(`?q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('trims the search text when writing it, and leaves out a blank one', () => {
    expect(catalogueSearchString({ ...EMPTY_FILTERS, q: '  design  ', sort: 'relevance' })).toBe('?q=design');
    expect(catalogueSearchString({ ...EMPTY_FILTERS, q: '   ' })).toBe('');
  });

  it('encodes what is typed safely', () => {
    const filters = { ...EMPTY_FILTERS, q: 'C# & .NET?', sort: 'relevance' as const };
    const search = catalogueSearchString(filters);
    expect(search).toBe('?q=C%23+%26+.NET%3F');
    expect(parseCatalogueSearch(search).q).toBe('C# & .NET?');
  });
});

describe('changing the catalogue filters', () => {
  const onPage3 = { ...EMPTY_FILTERS, category: 'design' as const, page: 3 };

  it('starts again on page 1 for any change but the page', () => {
    expect(changeFilters(onPage3, { level: 'beginner' }).page).toBe(1);
    expect(changeFilters(onPage3, { q: 'figma' }).page).toBe(1);
    expect(changeFilters(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it('keeps the category chip and the select on one value (there is only one)', () => {
    const chosen = changeFilters(EMPTY_FILTERS, { category: 'analytics' });
    expect(chosen.category).toBe('analytics');
    expect(catalogueSearchString(chosen)).toBe('?category=analytics');
    expect(changeFilters(chosen, { category: 'all' })).toEqual(EMPTY_FILTERS);
  });

  it('moves a default sort with the search, and keeps one the visitor chose', () => {
    const searching = changeFilters(EMPTY_FILTERS, { q: 'excel' });
    expect(searching.sort).toBe('relevance');
    expect(changeFilters(searching, { q: '' }).sort).toBe('newest');
    const byTitle = changeFilters(EMPTY_FILTERS, { sort: 'title' });
    expect(changeFilters(byTitle, { q: 'excel' }).sort).toBe('title');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
});

describe('course facts as the catalogue shows them', () => {
  it('formats prices from minor units in both languages, and says free for free', () => {
    const paid = { pricing: 'paid' as const, price: 49_900, currency: 'DKK' as const };
    expect(formatCoursePrice(paid, 'Gratis', 'da-DK')).toBe('499\u00a0kr.');
    expect(formatCoursePrice(paid, 'Free', 'en')).toBe('DKK\u00a0499');
    expect(formatCoursePrice({ pricing: 'paid', price: 1_995, currency: 'EUR' }, 'Free', 'en')).toBe('€19.95');
    expect(formatCoursePrice({ pricing: 'free', price: 0, currency: 'DKK' }, 'Gratis', 'da-DK')).toBe('Gratis');
  });

  it('formats durations in each language, and has none when the course states none', () => {
    expect(formatDuration(45, 'da-DK')).toBe('45 min.');
    expect(formatDuration(90, 'da-DK')).toBe('1,5 t.');
    expect(formatDuration(90, 'en')).toBe('1.5 hr');
    expect(formatDuration(null, 'en')).toBeNull();
  });

  it('shows an average rating with one decimal in the language’s own way', () => {
    expect(formatRating(4, 'da-DK')).toBe('4,0');
    expect(formatRating(4.5, 'da-DK')).toBe('4,5');
    expect(formatRating(4.5, 'en')).toBe('4.5');
  });

  it('shows a course’s learners as a number in the language’s own way, or "under 10"', () => {
    expect(formatLearners(1234, 'Under 10', 'da-DK')).toBe('1.234');
    expect(formatLearners(1234, 'Under 10', 'en')).toBe('1,234');
    expect(formatLearners('under-10', 'Under 10', 'da-DK')).toBe('Under 10');
  });

  it('sends a visitor to log in before enrolling, and a member to the course page’s enrolment step', () => {
    expect(enrolTarget('excel-for-begyndere', { status: 'anonymous', user: null })).toBe('/login?next=/courses/excel-for-begyndere');
    const user = { status: 'authenticated' as const, user: {} as never };
    expect(enrolTarget('excel-for-begyndere', user)).toBe('/courses/excel-for-begyndere#enrol');
  });
});
