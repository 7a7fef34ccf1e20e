// Upload memory: sends one large video (1 GiB by default) to the production build over HTTP as
// a single multipart request, generated as a stream (a real MP4 header, then filler), and samples
// the server process's resident memory (RSS) before, during and after. The upload must stream to
// storage, so the peak growth stays flat whatever the file's size. Then reads the last bytes back
// with a range request to check what was stored. Loopback only; nothing here is a test.
// Usage: npm run build && npm run bench:upload
//   UPLOAD_BENCH_MB (1024), UPLOAD_BENCH_PORT (5194), UPLOAD_BENCH_S3=1 to store on a local
//   S3-compatible server (s3rver) instead of the disk; DATABASE_URL (SQLite in a temp dir)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBuiltServer } from './built-server.mjs';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.UPLOAD_BENCH_MB ?? 1024);
const port = Number(process.env.UPLOAD_BENCH_PORT ?? 5194);
const budgetMb = 100;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Samples a process's RSS every 100 ms until stopped; answers the samples. */
function sampler(pid) {
  const samples = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), 100);
  return () => {
    clearInterval(timer);
    return samples;
  };
}

let s3;
const env = { SEED_DEMO: 'true', UPLOAD_MAX_VIDEO_MB: String(Math.max(2048, sizeMb + 1)) };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
if (process.env.UPLOAD_BENCH_S3 === '1') {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 'kursa-bench-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'bench', configs: [] }] });
  const { port: s3Port } = await server.run();
  s3 = { close: async () => (await server.close(), rmSync(directory, { recursive: true, force: true })) };
  Object.assign(env, {
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
}
const server = await startBuiltServer(port, env);

/** A course to upload to, written straight into the database (as the builder would create it). */
async function insertCourse(organisationId, ownerId) {
  const id = randomUUID();
  const now = new Date().toISOString();
  const row = {
    id,
    organisation_id: organisationId,
    owner_id: ownerId,
    title: 'Upload benchmark',
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

function mp4Header(total) {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  // A 64-bit `mdat` box holding the rest of the file.
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(1, 0);
  mdat.write('mdat', 4);
  mdat.writeBigUInt64BE(BigInt(total - ftyp.length), 8);
  return Buffer.concat([ftyp, mdat]);
}

try {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const me = await login.json();
  const courseId = await insertCourse(me.organisationId, me.id);

  const fileSize = sizeMb * MB;
  const boundary = `----kursa-bench-${randomUUID()}`;
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const opening = Buffer.from(
    `${field('courseId', courseId)}${field('kind', 'video')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="benchmark.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const header = mp4Header(fileSize);
  const filler = Buffer.alloc(MB, 0x5a);

  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(server.pid);
  const stop = sampler(server.pid);
  const started = performance.now();
  const answer = await new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': opening.length + fileSize + closing.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    (async () => {
      const write = (chunk) => (request.write(chunk) ? Promise.resolve() : new Promise((r) => request.once('drain', r)));
      await write(opening);
      await write(header);
      let sent = header.length;
      while (sent < fileSize) {
        const piece = Math.min(filler.length, fileSize - sent);
        await write(piece === filler.length ? filler : filler.subarray(0, piece));
        sent += piece;
      }
      request.end(closing);
    })().catch(reject);
  });
  const seconds = (performance.now() - started) / 1000;
  const during = stop();
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMb(server.pid);
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
  const upload = JSON.parse(answer.body);

  const tail = await fetch(`http://127.0.0.1:${port}${upload.url}`, { headers: { cookie, range: 'bytes=-16' } });
  const tailOk = tail.status === 206 && Buffer.from(await tail.arrayBuffer()).equals(filler.subarray(0, 16));

  const peak = Math.max(before, ...during);
  const growth = peak - before;
  const fmt = (n) => `${n.toFixed(0)} MB`;
  console.log(
    `upload of ${sizeMb} MB (${upload.mime}) to ${env.S3_ENDPOINT ? 'S3 (s3rver)' : 'the disk'} on ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${answer.status} in ${seconds.toFixed(1)} s (${(sizeMb / seconds).toFixed(0)} MB/s)`,
  );
  console.log(
    `server RSS: before ${fmt(before)}, peak during ${fmt(peak)} (+${fmt(growth)}), after ${fmt(after)}; ${during.length} samples`,
  );
  console.log(`stored ${upload.size} bytes; last 16 bytes read back by range: ${tailOk ? 'ok' : 'WRONG'}`);
  console.log(`peak growth ${fmt(growth)} against a budget of ${budgetMb} MB: ${growth < budgetMb ? 'within' : 'OVER'}`);
  if (growth >= budgetMb || !tailOk || upload.size !== fileSize) process.exitCode = 1;
} finally {
  server.stop();
  await s3?.close();
}
