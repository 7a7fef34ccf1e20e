import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import {
  addMember,
  DOCX,
  filesUnder,
  GIF,
  HTML,
  insertCourse,
  JPEG,
  mp4,
  multipart,
  pdf,
  PNG,
  PPTX,
  SVG,
  upload,
  webm,
  WEBP,
  XLSX,
  ZIP,
} from '../helpers/media.ts';

// Media: POST /api/uploads and GET /api/uploads/:id on the disk store (SQLite, or
// PostgreSQL under `npm run test:pg`). The S3 store: uploads-s3.test.ts.
let t: TestApp;
let uploadsDir: string;
let admin: Awaited<ReturnType<typeof registerCompany>>;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.database.dataDir, 'uploads');
  admin = await registerCompany(t.app);
  courseId = await insertCourse(t.db, { organisationId: admin.user.organisationId, ownerId: admin.user.id });
});
afterAll(async () => t.close());

async function countRows() {
  const row = await t.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function get(id: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers });
}

describe('POST /api/uploads', () => {
  const cases = [
    { kind: 'image', filename: 'logo.png', data: PNG, mime: 'image/png' },
    { kind: 'image', filename: 'foto.jpg', data: JPEG, mime: 'image/jpeg' },
    { kind: 'image', filename: 'banner.webp', data: WEBP, mime: 'image/webp' },
    { kind: 'image', filename: 'spinner.gif', data: GIF, mime: 'image/gif' },
    { kind: 'video', filename: 'intro.mp4', data: mp4(), mime: 'video/mp4' },
    { kind: 'video', filename: 'intro.webm', data: webm(), mime: 'video/webm' },
    { kind: 'download', filename: 'slides.pdf', data: pdf(), mime: 'application/pdf' },
    {
      kind: 'download',
      filename: 'opgave.docx',
      data: DOCX,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    {
      kind: 'download',
      filename: 'slides.pptx',
      data: PPTX,
      mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
    { kind: 'download', filename: 'budget.xlsx', data: XLSX, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    { kind: 'download', filename: 'materialer.zip', data: ZIP, mime: 'application/zip' },
  ];
  for (const c of cases) {
    it(`stores a ${c.mime} ${c.kind} and serves it back byte for byte`, async () => {
      const res = await upload(
        t.app,
        admin.cookie,
        { courseId, kind: c.kind },
        { filename: c.filename, contentType: 'application/octet-stream', data: c.data },
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.any(String),
        url: `/api/uploads/${body.id}`,
        kind: c.kind,
        mime: c.mime,
        size: c.data.length,
        originalName: c.filename,
      });
      const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        course_id: courseId,
        organisation_id: admin.user.organisationId,
        uploaded_by: admin.user.id,
        mime: c.mime,
        original_name: c.filename,
      });
      expect(Number(row.size)).toBe(c.data.length);
      // Stored under a name the server made, not the user's.
      expect(row.storage_key).not.toContain(c.filename);
      expect(filesUnder(uploadsDir)).toContain(row.storage_key);
      const served = await get(body.id, { cookie: admin.cookie });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(c.data)).toBe(true);
      expect(served.headers['content-type']).toBe(c.mime);
    });
  }

  it('refuses a spoofed file (an HTML page named .mp4 and sent as video/mp4) with 415 and stores nothing', async () => {
    const rows = await countRows();
    const files = filesUnder(uploadsDir).length;
    const res = await upload(
      t.app,
      admin.cookie,
      { courseId, kind: 'video' },
      { filename: 'intro.mp4', contentType: 'video/mp4', data: HTML },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UNSUPPORTED_TYPE', message: 'Filen er ikke en video i MP4 eller WebM.' });
    expect(await countRows()).toBe(rows);
    expect(filesUnder(uploadsDir)).toHaveLength(files);
  });

  it('refuses SVG as an image, an image as a video, and a video as a download (the kind decides what is accepted)', async () => {
    const svg = await upload(
      t.app,
      admin.cookie,
      { courseId, kind: 'image' },
      { filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG },
    );
    expect(svg.statusCode).toBe(415);
    const pngAsVideo = await upload(t.app, admin.cookie, { courseId, kind: 'video' }, { filename: 'clip.mp4', data: PNG });
    expect(pngAsVideo.statusCode).toBe(415);
    const videoAsDownload = await upload(t.app, admin.cookie, { courseId, kind: 'download' }, { filename: 'a.pdf', data: mp4() });
    expect(videoAsDownload.statusCode).toBe(415);
    expect(videoAsDownload.json().message).toBe('Filen er ikke en PDF, DOCX, PPTX, XLSX eller ZIP.');
  });

  it('answers 413 for an image over 10 MB, and leaves nothing in storage or the table', async () => {
    const rows = await countRows();
    const files = filesUnder(uploadsDir).length;
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 1)]);
    const res = await upload(t.app, admin.cookie, { courseId, kind: 'image' }, { filename: 'huge.png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'TOO_LARGE', message: 'Filen er for stor (højst 10 MB).' });
    expect(await countRows()).toBe(rows);
    expect(filesUnder(uploadsDir)).toHaveLength(files);
  });

  it('answers 413 for a file over its limit sent without a length (chunked), after streaming part of it: the partial file is removed', async () => {
    const capped = await createTestApp({ env: { UPLOAD_MAX_VIDEO_MB: '1' } });
    try {
      const owner = await registerCompany(capped.app);
      const course = await insertCourse(capped.db, { organisationId: owner.user.organisationId, ownerId: owner.user.id });
      const dir = path.join(capped.database.dataDir, 'uploads');
      // Exactly at the limit: accepted.
      const exact = await upload(
        capped.app,
        owner.cookie,
        { courseId: course, kind: 'video' },
        { filename: 'ok.mp4', data: mp4(1024 * 1024) },
      );
      expect(exact.statusCode, exact.body).toBe(201);
      expect(filesUnder(dir)).toHaveLength(1);
      const { body, contentType } = multipart({ courseId: course, kind: 'video' }, [{ filename: 'long.mp4', data: mp4(3 * 1024 * 1024) }]);
      const { Readable } = await import('node:stream');
      const res = await capped.app.inject({
        method: 'POST',
        url: '/api/uploads',
        // A stream: no Content-Length, so the limit is only found while the bytes are stored.
        payload: Readable.from(Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536))),
        headers: { 'content-type': contentType, cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Filen er for stor (højst 1 MB).');
      expect(filesUnder(dir)).toHaveLength(1);
      const rows = await capped.db.selectFrom('uploads').select('id').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await capped.close();
    }
  });

  it('answers 413 at once when the declared length is over the kind limit', async () => {
    const { body, contentType } = multipart({ courseId, kind: 'image' }, [{ filename: 'x.png', data: PNG }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body,
      headers: { 'content-type': contentType, cookie: admin.cookie, 'content-length': String(11 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses bad requests clearly: no session, not multipart, fields missing or after the file, an unknown kind, no file, an empty file', async () => {
    expect((await upload(t.app, undefined, { courseId, kind: 'image' }, { filename: 'a.png', data: PNG })).statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { courseId, kind: 'image' },
      headers: { cookie: admin.cookie },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('BAD_CONTENT_TYPE');

    const after = multipart({}, [{ filename: 'a.png', data: PNG }], { courseId, kind: 'image' });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: after.body,
      headers: { 'content-type': after.contentType, cookie: admin.cookie },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Send kursus og type før selve filen.');

    const badKind = await upload(t.app, admin.cookie, { courseId, kind: 'audio' }, { filename: 'a.png', data: PNG });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().errors).toEqual({ kind: 'Vælg billede, video eller download.' });

    const noFile = multipart({ courseId, kind: 'image' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: noFile.body,
      headers: { 'content-type': noFile.contentType, cookie: admin.cookie },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ file: 'Vælg en fil.' });

    const empty = await upload(t.app, admin.cookie, { courseId, kind: 'image' }, { filename: 'a.png', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('EMPTY');
  });

  it('keeps the original name only for Content-Disposition, cleaned, with the real extension', async () => {
    const res = await upload(t.app, admin.cookie, { courseId, kind: 'download' }, { filename: '../../Årsrapport 2026.exe', data: pdf() });
    expect(res.statusCode).toBe(201);
    const { id, originalName } = res.json();
    expect(originalName).toBe('Årsrapport 2026.exe.pdf');
    const served = await get(id, { cookie: admin.cookie });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Arsrapport 2026.exe.pdf"; filename*=UTF-8''%C3%85rsrapport%202026.exe.pdf`,
    );
  });

  it('lets an admin and the owning instructor upload; another instructor and learners get 403; another company 404', async () => {
    const org = admin.user.organisationId;
    const owner = await addMember(t.app, t.db, org, 'instructor');
    const colleague = await addMember(t.app, t.db, org, 'instructor');
    const learner = await addMember(t.app, t.db, org, 'learner');
    const own = await insertCourse(t.db, { organisationId: org, ownerId: owner.id });
    const file = { filename: 'a.png', data: PNG };
    expect((await upload(t.app, owner.cookie, { courseId: own, kind: 'image' }, file)).statusCode).toBe(201);
    expect((await upload(t.app, admin.cookie, { courseId: own, kind: 'image' }, file)).statusCode).toBe(201);
    const rows = await countRows();
    const notOwner = await upload(t.app, colleague.cookie, { courseId: own, kind: 'image' }, file);
    expect(notOwner.statusCode).toBe(403);
    expect((await upload(t.app, learner.cookie, { courseId: own, kind: 'image' }, file)).statusCode).toBe(403);
    const other = await registerCompany(t.app);
    const foreign = await upload(t.app, other.cookie, { courseId: own, kind: 'image' }, file);
    expect(foreign.statusCode).toBe(404);
    expect((await upload(t.app, admin.cookie, { courseId: 'no-such-course', kind: 'image' }, file)).statusCode).toBe(404);
    expect(await countRows()).toBe(rows);
  });

  it('keeps multipart to this route: other routes still take JSON only, within 1 MB', async () => {
    const form = multipart({ email: 'a@b.dk', password: 'x' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: form.body,
      headers: { 'content-type': form.contentType },
    });
    expect(login.statusCode).toBe(415);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ email: 'a@b.dk', password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('GET /api/uploads/:id', () => {
  let video: { id: string; size: number };
  let data: Buffer;
  beforeAll(async () => {
    data = mp4(100_000);
    for (let i = 0; i < data.length; i++) if (i >= 32) data[i] = i % 251;
    const res = await upload(t.app, admin.cookie, { courseId, kind: 'video' }, { filename: 'lektion 1.mp4', data });
    video = res.json();
  });

  it('serves a file with its stored type, nosniff, private caching, ranges offered, inline for media', async () => {
    const res = await get(video.id, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(data.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
      'content-disposition': `inline; filename="lektion 1.mp4"; filename*=UTF-8''lektion%201.mp4`,
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const again = await get(video.id, { cookie: admin.cookie, 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${video.id}`, headers: { cookie: admin.cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers range requests: the first bytes, an open-ended range, a suffix, and 416 outside the file', async () => {
    const first = await get(video.id, { cookie: admin.cookie, range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${data.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(data.subarray(0, 100))).toBe(true);

    const open = await get(video.id, { cookie: admin.cookie, range: 'bytes=99000-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 99000-${data.length - 1}/${data.length}`);
    expect(open.rawPayload.equals(data.subarray(99000))).toBe(true);

    const suffix = await get(video.id, { cookie: admin.cookie, range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${data.length - 500}-${data.length - 1}/${data.length}`);
    expect(suffix.rawPayload.equals(data.subarray(data.length - 500))).toBe(true);

    const pastEnd = await get(video.id, { cookie: admin.cookie, range: 'bytes=50000-999999999' });
    expect(pastEnd.statusCode).toBe(206);
    expect(pastEnd.rawPayload.equals(data.subarray(50000))).toBe(true);

    const outside = await get(video.id, { cookie: admin.cookie, range: `bytes=${data.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(outside.json().code).toBe('RANGE_NOT_SATISFIABLE');

    // Not a range this server serves (several ranges, another unit): the whole file.
    const several = await get(video.id, { cookie: admin.cookie, range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(data.length);
    // If-Range with another validator: the whole file, not a piece of something else.
    const stale = await get(video.id, { cookie: admin.cookie, range: 'bytes=0-9', 'if-range': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('sends downloads as attachments', async () => {
    const res = await upload(t.app, admin.cookie, { courseId, kind: 'download' }, { filename: 'Opgaver.docx', data: DOCX });
    const served = await get(res.json().id, { cookie: admin.cookie });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="Opgaver.docx"; filename*=UTF-8''Opgaver.docx`);
    expect(served.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it("shows a course's cover to every member of its company; to others (and no session) only for published public or unlisted courses", async () => {
    const org = admin.user.organisationId;
    const learner = await addMember(t.app, t.db, org, 'learner');
    const other = await registerCompany(t.app);
    const cover = async (status: 'draft' | 'published' | 'archived', visibility: 'public' | 'unlisted' | 'private') => {
      const course = await insertCourse(t.db, { organisationId: org, ownerId: admin.user.id, status, visibility });
      const res = await upload(t.app, admin.cookie, { courseId: course, kind: 'image' }, { filename: 'a.png', data: PNG });
      const id = res.json().id as string;
      await t.db.updateTable('courses').set({ thumbnail_upload_id: id }).where('id', '=', course).execute();
      return id;
    };
    const cases: [Parameters<typeof cover>[0], Parameters<typeof cover>[1], boolean][] = [
      ['draft', 'public', false],
      ['draft', 'private', false],
      ['published', 'public', true],
      ['published', 'unlisted', true],
      ['published', 'private', false],
      ['archived', 'public', false],
    ];
    for (const [status, visibility, open] of cases) {
      const id = await cover(status, visibility);
      const asAdmin = await get(id, { cookie: admin.cookie });
      expect(asAdmin.statusCode, `${status} ${visibility} admin`).toBe(200);
      expect(asAdmin.headers['cross-origin-resource-policy']).toBe(open ? 'cross-origin' : 'same-site');
      expect((await get(id, { cookie: learner.cookie })).statusCode, `${status} ${visibility} learner`).toBe(200);
      expect((await get(id)).statusCode, `${status} ${visibility} anonymous`).toBe(open ? 200 : 404);
      expect((await get(id, { cookie: other.cookie })).statusCode, `${status} ${visibility} other company`).toBe(open ? 200 : 404);
    }
    // An image that is no cover (used nowhere yet) is the staff's alone, even in a published public course.
    const course = await insertCourse(t.db, { organisationId: org, ownerId: admin.user.id, status: 'published', visibility: 'public' });
    const loose = (await upload(t.app, admin.cookie, { courseId: course, kind: 'image' }, { filename: 'a.png', data: PNG })).json()
      .id as string;
    expect((await get(loose, { cookie: admin.cookie })).statusCode).toBe(200);
    for (const cookie of [learner.cookie, other.cookie, undefined])
      expect((await get(loose, cookie ? { cookie } : {})).statusCode).toBe(404);
    expect((await get('no-such-upload', { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('keeps a file whose course was deleted visible to its company only', async () => {
    const course = await insertCourse(t.db, {
      organisationId: admin.user.organisationId,
      ownerId: admin.user.id,
      status: 'published',
      visibility: 'public',
    });
    const id = (await upload(t.app, admin.cookie, { courseId: course, kind: 'image' }, { filename: 'a.png', data: PNG })).json().id;
    await t.db.deleteFrom('courses').where('id', '=', course).execute();
    expect((await get(id, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await get(id)).statusCode).toBe(404);
  });
});

describe('Content-Security-Policy', () => {
  it('allows frames from this origin (SCORM packages) and the YouTube (nocookie) and Vimeo players only, and media and images from this origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(directives['media-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toContain("'self'");
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
});
