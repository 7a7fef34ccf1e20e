import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, StorageNotFoundError, type ByteRange, type Storage } from './storage.ts';

/**
 * Files under one directory (DATA_DIR/uploads by default). A file is written to `<key>.part` and
 * renamed into place only when complete, so a reader never sees half a file and a failed write
 * leaves nothing under its key.
 */
export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;

  constructor(readonly root: string) {}

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable, _contentType: string): Promise<{ size: number }> {
    const target = this.file(key);
    const partial = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.file(key);
    const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
    // Open before answering, so a missing file is a StorageNotFoundError and not a broken stream.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new StorageNotFoundError(key) : error));
    });
    return stream;
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.file(key));
      return { size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.part`, { force: true });
  }

  /** The `.part` files of writes that never finished (a process killed mid-upload). */
  async removeIncomplete(olderThanMs: number): Promise<number> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const before = Date.now() - olderThanMs;
    const partial = entries.filter((e) => e.isFile() && e.name.endsWith('.part')).map((e) => path.join(e.parentPath, e.name));
    const stale = await Promise.all(
      partial.map(async (file) => {
        const info = await stat(file).catch(() => null);
        return info !== null && info.mtimeMs < before ? file : null;
      }),
    );
    const gone = stale.filter((file): file is string => file !== null);
    await Promise.all(gone.map((file) => rm(file, { force: true })));
    return gone.length;
  }

  async close(): Promise<void> {}
}
