/** Joins class names, skipping the falsy ones that conditional classes produce. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
