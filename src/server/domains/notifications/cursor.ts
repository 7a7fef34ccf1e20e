import { AppError } from '../../http/errors.ts';

/** Where a newest-first page ends: the last row's time and id, opaque to the client. */
export const encodeCursor = (row: { created_at: string; id: string }): string =>
  Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');

/** The `before` of a page, read back; 400 for one Kursa did not make. */
export function decodeCursor(cursor: string | undefined): { at: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id) throw new AppError('VALIDATION_ERROR', 400, 'notifications.badCursor');
  return { at, id };
}
