import { isApiError } from '@/lib/api-client';

// Apart from the dialog that shows it, so that a page can read the server's answer without
// downloading Radix's alert dialog until it has something to ask.
/**
 * The server's list of empty lessons when a publish needs confirming (409 EMPTY_LESSONS), one
 * sentence per lesson in the user's language; null for any other failure.
 */
export function emptyLessonsOf(failure: unknown): string[] | null {
  if (!isApiError(failure) || failure.body?.code !== 'EMPTY_LESSONS') return null;
  return Object.values(failure.body.errors ?? {});
}
