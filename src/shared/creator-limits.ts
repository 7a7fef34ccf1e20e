/**
 * The creator's limits, kept apart from the schemas that apply them: the wizard reads them, and
 * importing a value from a schema module brings zod along (about 25 KB) to a page that validates
 * nothing itself.
 */
export const CREATOR_LIMITS = { answer: 2000, short: 200, audience: 1000, description: 4000, objective: 300, objectives: 20 } as const;

/**
 * How much of the content generator's history a draft keeps: the newest items, at most `items` of
 * them and `bytes` of JSON (UTF-8) together. The byte bound keeps a full history well inside the
 * server's 1 MiB request limit with the rest of the wizard's state, so saving never starts failing
 * once the list is long; the wizard drops the oldest items that do not fit.
 */
export const CONTENT_HISTORY = { items: 20, bytes: 512 * 1024, itemChars: 100_000 } as const;

/** The size `CONTENT_HISTORY.bytes` bounds, measured the same way on both sides. */
export const contentHistoryBytes = (items: readonly unknown[]): number => new TextEncoder().encode(JSON.stringify(items)).length;
