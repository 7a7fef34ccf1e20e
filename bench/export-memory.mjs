// Export memory: a person with large uploads (300 MB by default, as three videos) asks for a copy of
// their data, and the server process's resident memory (RSS) is sampled while the export job
// writes the ZIP to the storage. The ZIP streams (uploads in, archive out), so the peak growth
// stays flat whatever the uploads weigh. Then downloads the ZIP and checks its size. Loopback only;
// nothing here is a test.
// Usage: npm run build && npm run bench:export
//   EXPORT_BENCH_MB (300, spread over three uploads), EXPORT_BENCH_PORT (5196), DATABASE_URL (SQLite in a temp dir)
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBuiltServer } from './built-server.mjs';

const MB = 1024 * 1024;
const totalMb = Number(process.env.EXPORT_BENCH_MB ?? 300);
const port = Number(process.env.EXPORT_BENCH_PORT ?? 5196);
const budgetMb = 100;
const files = 3;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const env = { SEED_DEMO: 'true', UPLOAD_MAX_VIDEO_MB: String(Math.max(2048, totalMb + 1)) };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const server = await startBuiltServer(port, env);
const base = `http://127.0.0.1:${port}`;

/** A course of the person's to upload to, written straight into the database (as the builder would create it). */
async function insertCourse(organisationId, ownerId) {
  const id = randomUUID();
  const now = new Date().toISOString();
  const row = {
    id,
    organisation_id: organisationId,
    owner_id: ownerId,
    title: 'Export benchmark',
    slug: `bench-${id}`,
    category: 'technology',
    level: 'beginner',
    language: 'en',
    created_at: now,
    updated_at: now,
  };
  const columns = Object.keys(row);
  if (env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(
      `insert into courses (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
    await client.end();
  } else {
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(path.join(server.dataDir, 'kursa.db'));
    db.pragma('busy_timeout = 5000');
    db.prepare(`insert into courses (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`).run(...Object.values(row));
    db.close();
  }
  return id;
}

/** Uploads one video of `size` bytes (an MP4 header, then filler) as a stream. */
function uploadVideo(cookie, courseId, size, n) {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(1, 0);
  mdat.write('mdat', 4);
  mdat.writeBigUInt64BE(BigInt(size - ftyp.length), 8);
  const header = Buffer.concat([ftyp, mdat]);
  const boundary = `----kursa-bench-${randomUUID()}`;
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const opening = Buffer.from(
    `${field('courseId', courseId)}${field('kind', 'video')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video-${n}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(MB, 0x30 + n);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': opening.length + size + closing.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () =>
          response.statusCode === 201 ? resolve() : reject(new Error(`upload ${response.statusCode}: ${Buffer.concat(chunks)}`)),
        );
      },
    );
    request.on('error', reject);
    (async () => {
      const write = (chunk) => (request.write(chunk) ? Promise.resolve() : new Promise((r) => request.once('drain', r)));
      await write(opening);
      await write(header);
      for (let sent = header.length; sent < size;) {
        const piece = Math.min(filler.length, size - sent);
        await write(piece === filler.length ? filler : filler.subarray(0, piece));
        sent += piece;
      }
      request.end(closing);
    })().catch(reject);
  });
}

try {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const me = await login.json();
  const courseId = await insertCourse(me.organisationId, me.id);
  const each = Math.floor((totalMb * MB) / files);
  for (let n = 0; n < files; n += 1) await uploadVideo(cookie, courseId, each, n);

  await new Promise((r) => setTimeout(r, 2000));
  const before = rssMb(server.pid);
  const samples = [];
  const timer = setInterval(() => samples.push(rssMb(server.pid)), 100);
  const started = performance.now();
  const asked = await fetch(`${base}/api/me/export`, { method: 'POST', headers: { cookie } });
  if (asked.status !== 202) throw new Error(`export answered ${asked.status}: ${await asked.text()}`);
  const { id } = await asked.json();
  let view;
  for (;;) {
    view = await (await fetch(`${base}/api/exports/${id}`, { headers: { cookie } })).json();
    if (view.status === 'ready' || view.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  if (view.status !== 'ready') throw new Error(`the export failed: ${JSON.stringify(view)}`);
  const file = await fetch(`${base}${view.downloadUrl}`, { headers: { cookie } });
  let downloaded = 0;
  for await (const chunk of file.body) downloaded += chunk.length;

  const peak = Math.max(before, ...samples);
  const growth = peak - before;
  const fmt = (n) => `${n.toFixed(0)} MB`;
  console.log(
    `export of a person with ${totalMb} MB of uploads (${files} videos) on ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, to the disk: ready in ${seconds.toFixed(1)} s`,
  );
  console.log(`server RSS: before ${fmt(before)}, peak during ${fmt(peak)} (+${fmt(growth)}); ${samples.length} samples`);
  console.log(`ZIP ${(view.size / MB).toFixed(1)} MB; downloaded ${downloaded === view.size ? 'whole' : `WRONG (${downloaded} bytes)`}`);
  console.log(`peak growth ${fmt(growth)} against a budget of ${budgetMb} MB: ${growth < budgetMb ? 'within' : 'OVER'}`);
  if (growth >= budgetMb || downloaded !== view.size || view.size < totalMb * MB) process.exitCode = 1;
} finally {
  server.stop();
}
