import { morningOf } from './copenhagen-time.ts';

/** The outbox key of a person's digest of `day` (a Copenhagen date): one mail a day. */
export const digestKey = (userId: string, day: string) => `digest:${userId}:${day}`;

/**
 * Where a day's digest ends: what was told before 07:00 that day is in it, what came after waits
 * for the next day's, so a digest's content does not depend on when its job happened to run.
 */
export const digestCutoff = (day: string): Date => morningOf(day);
