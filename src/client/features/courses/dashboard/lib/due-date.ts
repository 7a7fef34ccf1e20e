/**
 * A due date chosen as a calendar day (<input type="date">, "2026-06-30") becomes the end of that
 * day in the chooser's time zone, as the ISO time the API takes; an empty field is no due date.
 */
export function dueAtFromDay(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59);
  // 2026-02-31 rolls over into March: that is not the day that was chosen.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return undefined;
  return end.toISOString();
}

/** Today as <input type="date"> writes it, in the local time zone (the earliest sensible due date). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
