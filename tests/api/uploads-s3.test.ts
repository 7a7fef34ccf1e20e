import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../src/server/storage/s3.ts';
import { newStorageKey, StorageNotFoundError } from '../../src/server/storage/storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { filesUnder, HTML, insertCourse, mp4, PNG, upload } from '../helpers/media.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';

// The S3 store, against a real S3-compatible server (s3rver) that the test starts. The
// product's own S3 client talks to it unchanged.
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3.close());

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3Storage', () => {
  function storage() {
    const e = s3.env;
    return new S3Storage({
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    });
  }

  it('puts a stream (in parts when large), reads it whole and by range, knows its size, deletes it', async () => {
    const store = storage();
    const key = newStorageKey();
    // 20 MB in 1 MB chunks: more than two 8 MB parts, so a real multipart upload.
    const data = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
    const chunks = Array.from({ length: 20 }, (_, i) => data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect(await store.put(key, Readable.from(chunks), 'video/mp4')).toEqual({ size: data.length });
    expect(await store.head(key)).toEqual({ size: data.length });
    expect((await readAll(await store.get(key))).equals(data)).toBe(true);
    const range = await readAll(await store.get(key, { start: 12_345_678, end: 12_345_678 + 99_999 }));
    expect(range.equals(data.subarray(12_345_678, 12_345_678 + 100_000))).toBe(true);
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await store.delete(key); // gone already: not an error
    await store.close();
  });

  it('leaves nothing behind when the stream fails part-way (small or multipart)', async () => {
    const store = storage();
    for (const size of [100_000, 12 * 1024 * 1024]) {
      const key = newStorageKey();
      async function* failing() {
        yield Buffer.alloc(size, 1);
        throw new Error('client went away');
      }
      await expect(store.put(key, Readable.from(failing()), 'video/mp4')).rejects.toThrow('client went away');
      expect(await store.head(key)).toBeNull();
    }
    expect(await s3.keys()).toEqual([]);
    await store.close();
  });
});

describe('uploads on S3 (S3_* set)', () => {
  let t: TestApp;
  let cookie: string;
  let courseId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
    const admin = await registerCompany(t.app);
    cookie = admin.cookie;
    courseId = await insertCourse(t.db, { organisationId: admin.user.organisationId, ownerId: admin.user.id });
  });
  afterAll(async () => t.close());

  it('stores uploads in the bucket, not on the disk, and serves them with ranges', async () => {
    const data = mp4(10 * 1024 * 1024);
    const res = await upload(t.app, cookie, { courseId, kind: 'video' }, { filename: 'intro.mp4', data });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const row = await t.db.selectFrom('uploads').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await s3.keys()).toContain(row.storage_key);
    expect(filesUnder(`${t.database.dataDir}/uploads`)).toEqual([]);

    const whole = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { cookie, range: 'bytes=-1000' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${data.length - 1000}-${data.length - 1}/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(data.length - 1000))).toBe(true);
  });

  it('refuses a spoofed file and an oversize image with nothing left in the bucket or the table', async () => {
    const before = await s3.keys();
    const rows = (await t.db.selectFrom('uploads').select('id').execute()).length;
    const spoof = await upload(t.app, cookie, { courseId, kind: 'video' }, { filename: 'film.mp4', contentType: 'video/mp4', data: HTML });
    expect(spoof.statusCode).toBe(415);
    const big = await upload(
      t.app,
      cookie,
      { courseId, kind: 'image' },
      { filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) },
    );
    expect(big.statusCode).toBe(413);
    expect(await s3.keys()).toEqual(before);
    expect(await t.db.selectFrom('uploads').select('id').execute()).toHaveLength(rows);
  });
});
