import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { filesUnder, insertCourse, mp4, upload } from '../helpers/media.ts';

// An upload written to DATA_DIR/uploads/…/<key>.part when the process was killed (kill -9) is
// never finished by anyone: the next start removes such leftovers and keeps every real file. A
// .part written to within the upload timeout may be another instance's upload under way (a shared
// DATA_DIR) and stays.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('starting on a DATA_DIR with unfinished uploads', () => {
  it('removes the stale .part files and keeps the uploads that were stored and one still being written', async () => {
    const admin = await registerCompany(t.app);
    const courseId = await insertCourse(t.db, { organisationId: admin.user.organisationId, ownerId: admin.user.id });
    const stored = await upload(t.app, admin.cookie, { courseId, kind: 'video' }, { filename: 'lektion.mp4', data: mp4(10_000) });
    expect(stored.statusCode, stored.body).toBe(201);
    await t.app.close();

    const root = path.join(t.database.dataDir, 'uploads');
    const kept = filesUnder(root);
    expect(kept).toHaveLength(1);
    // What a killed process leaves: partial files beside real ones, and in directories of their own.
    const leftovers = [
      `${kept[0]}-other.part`,
      path.join('0f', 'A1b2C3d4E5f6G7h8.part'),
      path.join('e9', 'zz_-unfinished_upload_key.part'),
    ];
    // Older than the longest an upload may take (HTTP_UPLOAD_TIMEOUT_MS, two hours by default).
    const longAgo = new Date(Date.now() - 2 * 3600_000 - 60_000);
    for (const file of leftovers) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), Buffer.alloc(4096, 7));
      utimesSync(path.join(root, file), longAgo, longAgo);
    }
    const underWay = path.join('3c', 'another_instance_uploading.part');
    mkdirSync(path.dirname(path.join(root, underWay)), { recursive: true });
    writeFileSync(path.join(root, underWay), Buffer.alloc(4096, 7));
    expect(filesUnder(root)).toHaveLength(5);

    t.app = await buildTestApp(t.database);
    expect(filesUnder(root).sort()).toEqual([...kept, underWay].sort());
    const served = await t.app.inject({ method: 'GET', url: stored.json().url, headers: { cookie: admin.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toHaveLength(10_000);
  });
});
