import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatTime } from '@/lib/format';

// Before i18next starts, the saved choice is the language on screen: the formatters are kept per
// language, so a switch must still change what they write.
const saved = new Map<string, string>();
beforeAll(() => {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => saved.set(key, value),
  });
});
afterAll(() => vi.unstubAllGlobals());

/** Intl separates amount and currency with a no-break space; compared here as a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

function speak(language: 'da' | 'en') {
  localStorage.setItem(STORAGE_KEYS.language, language);
}

describe('numbers, money and dates in the language on screen', () => {
  afterEach(() => saved.clear());

  it('writes Danish, then English after a switch, then Danish again', () => {
    speak('da');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5. marts 2026');
    expect(plain(formatMoney(125_000))).toBe('1.250 kr.');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    speak('en');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('March 5, 2026');
    expect(plain(formatMoney(125_000))).toBe('DKK 1,250');
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(plain(formatPercent(0.25))).toBe('25%');
    speak('da');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5. marts 2026');
    expect(plain(formatPercent(0.25))).toBe('25 %');
  });

  it('keeps each currency apart', () => {
    speak('en');
    expect(plain(formatMoney(1000, 'EUR'))).toBe('€10');
    expect(plain(formatMoney(1000))).toBe('DKK 10');
  });

  it("writes a moment and a time of day in the language on screen, not in the runtime's own", () => {
    // Never the browser's own language, which may differ from the one on screen.
    const at = new Date(2026, 2, 5, 14, 7).toISOString();
    speak('da');
    expect(plain(formatDateTime(at))).toBe('5. mar. 2026, 14.07');
    expect(formatTime(at)).toBe('14.07');
    speak('en');
    expect(plain(formatDateTime(at))).toBe('Mar 5, 2026, 2:07 PM');
    expect(plain(formatTime(at))).toBe('02:07 PM');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTime('')).toBe('');
  });
});
