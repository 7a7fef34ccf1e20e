const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened, as people say it: "for 5 minutter siden", "i går", up to a week back;
 * older events by their date ("12. maj 2026"). `locale` is da-DK or en (lib/format's choice).
 */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const ago = Math.max(0, now - time);
  if (ago >= 7 * DAY) return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(time);
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < MINUTE) return words.format(0, 'second');
  if (ago < HOUR) return words.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return words.format(-Math.floor(ago / HOUR), 'hour');
  return words.format(-Math.floor(ago / DAY), 'day');
}
