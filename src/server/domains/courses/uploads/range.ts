import type { ByteRange } from '../../../storage/index.ts';

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14): one range of bytes, as
 * `start-end`, `start-` or `-suffix`. Answers the range to send, 'unsatisfiable' (416), or null
 * to send the whole file (no header, another unit, several ranges or a malformed one: all of
 * which a server may ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start)) return null;
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
