import { PassThrough, Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipSink } from '../../src/server/domains/privacy/exports/zip-sink.ts';
import type { Storage } from '../../src/server/storage/index.ts';

// The export's ZIP written into the storage as it is made: whole and readable when the store takes
// it, and a clear failure (never a hang) when the store fails or the job is stopped.

/** A store that keeps what it is given, reading it slowly (so the writer must wait), or fails after `failAfter` bytes. */
function memoryStore(options: { failAfter?: number } = {}) {
  const kept = new Map<string, Buffer>();
  const storage = {
    kind: 'disk',
    async put(key: string, body: Readable) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (options.failAfter !== undefined && size > options.failAfter) {
          body.destroy();
          throw new Error('the store is full');
        }
        await new Promise((r) => setImmediate(r));
      }
      kept.set(key, Buffer.concat(chunks));
      return { size };
    },
  } as unknown as Storage;
  return { storage, kept };
}

/** `mb` megabytes of a repeated byte, in 64 kB chunks. */
const bytes = (mb: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < mb * 16; i += 1) yield Buffer.alloc(64 * 1024, i % 251);
    })(),
  );

describe('the export ZIP', () => {
  it('holds the JSON, text and streamed files it was given, byte for byte', async () => {
    const { storage, kept } = memoryStore();
    const sink = new ZipSink(storage, 'ab/zip-sink-test-1');
    await sink.json('account.json', { name: 'Pia' });
    await sink.text('summary.html', '<p>hej</p>');
    await sink.stream('uploads/video.mp4', bytes(8));
    const size = await sink.finish();
    const zip = kept.get('ab/zip-sink-test-1')!;
    expect(zip.length).toBe(size);
    const files = unzipSync(new Uint8Array(zip));
    expect(JSON.parse(strFromU8(files['account.json']!))).toEqual({ name: 'Pia' });
    expect(strFromU8(files['summary.html']!)).toBe('<p>hej</p>');
    const video = files['uploads/video.mp4']!;
    expect(video.length).toBe(8 * 1024 * 1024);
    expect(video[64 * 1024 * 17]).toBe(17);
  });

  it('fails, rather than waits for ever, when the store fails mid-way', async () => {
    const { storage, kept } = memoryStore({ failAfter: 2 * 1024 * 1024 });
    const sink = new ZipSink(storage, 'ab/zip-sink-test-2');
    await expect(sink.stream('uploads/big.bin', bytes(16))).rejects.toThrow('the store is full');
    await sink.abort(new Error('stopped'));
    expect(kept.size).toBe(0);
  });

  it('stops between chunks when its job is stopped', async () => {
    const { storage } = memoryStore();
    const stop = new AbortController();
    const sink = new ZipSink(storage, 'ab/zip-sink-test-3', stop.signal);
    const source = new PassThrough();
    const writing = sink.stream('uploads/slow.bin', source);
    source.write(Buffer.alloc(1024));
    stop.abort(new Error('the app is closing'));
    source.write(Buffer.alloc(1024));
    await expect(writing).rejects.toThrow('the app is closing');
    expect(source.destroyed).toBe(true);
    await sink.abort(new Error('stopped'));
  });
});
