let counter = 0;

/**
 * Checksum-valid CVR numbers that are not among the offline fixtures (in practice: the fixtures are
 * nine numbers out of millions), different on every call, as CVR numbers are unique per company.
 * Pure, so API tests and browser tests share it.
 */
export function freshCvr(): string {
  for (;;) {
    const base = String(30_000_000 + Math.floor(Math.random() * 60_000_000) + counter++).slice(0, 7);
    const weights = [2, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(base[i]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return `${base}${check}`;
  }
}
