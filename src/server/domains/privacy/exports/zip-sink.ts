import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Storage } from '../../../storage/index.ts';

/**
 * A ZIP written straight into the storage as it is made: fflate's streaming Zip hands its bytes to
 * a stream the storage's `put` reads, and each entry waits while that stream is full, so however
 * large the files put in (a person's 300 MB of video), the process holds a chunk or two of them,
 * never the archive (bench/export-memory.mjs measures it).
 */
export class ZipSink {
  private readonly out = new PassThrough({ highWaterMark: 1024 * 1024 });
  private readonly zip: Zip;
  private readonly stored: Promise<{ size: number }>;
  private failure: Error | undefined;

  constructor(
    storage: Storage,
    key: string,
    /** Stops the writing between chunks: the job was cancelled, lost its lease or the app is closing. */
    private readonly signal?: AbortSignal,
  ) {
    this.stored = storage.put(key, this.out, 'application/zip');
    // The put reports what went wrong with the stream; a write after it failed must not throw again.
    this.out.on('error', () => undefined);
    // A store that fails stops the writes waiting on it; the error is the put's, thrown by finish.
    this.stored.catch((error: unknown) => {
      this.failure = error instanceof Error ? error : new Error(String(error));
      this.out.emit('drain');
    });
    this.zip = new Zip((error, data, final) => {
      if (error) {
        this.out.destroy(error);
        return;
      }
      this.out.write(data);
      if (final) this.out.end();
    });
  }

  /** Waits while the storage has not taken what was written. */
  private async room(): Promise<void> {
    this.signal?.throwIfAborted();
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    if (this.failure) throw this.failure;
  }

  /** A text file (JSON, HTML), compressed. */
  async text(name: string, text: string): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(new TextEncoder().encode(text), true);
    await this.room();
  }

  /** A JSON file, indented for reading. */
  json(name: string, value: unknown): Promise<void> {
    return this.text(name, `${JSON.stringify(value, null, 2)}\n`);
  }

  /** Bytes held already (a certificate's PDF). */
  async bytes(name: string, bytes: Uint8Array): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(bytes, true);
    await this.room();
  }

  /**
   * A file streamed in chunk by chunk, stored as it is: uploads are mostly images and video,
   * compressed already, and deflating them again would cost time for nothing.
   */
  async stream(name: string, body: Readable): Promise<void> {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    try {
      for await (const chunk of body) {
        file.push(chunk as Uint8Array);
        await this.room();
      }
    } finally {
      body.destroy();
    }
    file.push(new Uint8Array(0), true);
    await this.room();
  }

  /** Ends the archive and answers its size once the storage has it all. */
  async finish(): Promise<number> {
    this.zip.end();
    return (await this.stored).size;
  }

  /** Stops after a failure: the storage keeps nothing under the key. */
  async abort(error: Error): Promise<void> {
    this.zip.terminate();
    this.out.destroy(error);
    await this.stored.catch(() => undefined);
  }
}
