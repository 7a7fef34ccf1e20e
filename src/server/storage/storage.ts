import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live (docs/decisions/012-media-uploads.md): the disk under DATA_DIR/uploads,
 * or an S3-compatible store that several instances share. Keys are made by the server
 * (`newStorageKey`), never from a user's file name. Bodies stream both ways; nothing holds a whole
 * file in memory.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /**
   * Writes `body` under `key` and answers how many bytes were stored. If the stream fails (a
   * client that went away, a size limit hit mid-way), nothing is left under the key and the
   * error is rethrown.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** The object's bytes, or a range of them. Throws StorageNotFoundError if there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what writes cut short by a crash (kill -9, power loss) left behind, and answers how
   * many were removed. Called once at start. Another instance sharing the store may be writing
   * now, so only what has not been written to for `olderThanMs` (no upload lasts longer) goes.
   */
  removeIncomplete(olderThanMs: number): Promise<number>;
  /** Releases connections (the S3 client's sockets). */
  close(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Server-made keys: two hex characters of fan-out, then the id. Nothing else is accepted. */
const KEY_PATTERN = /^[a-f0-9]{2}\/[A-Za-z0-9_-]{8,80}$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

/** A fresh key: 192 random bits, unrelated to the upload's id or its name. */
export function newStorageKey(): string {
  const id = randomBytes(24).toString('base64url');
  return `${randomBytes(1).toString('hex')}/${id}`;
}
