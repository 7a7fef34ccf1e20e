// Budget: an authenticated GET /api/me serves at least half the requests a second of a bare
// node:http server that answers with the very same response: the same headers (helmet's, the rate
// limit's, the content type: all Kursa sends but Date and Connection) and the same JSON body. What is left between the two is
// Kursa's own per-request work: routing, the hooks, the session look-up, serialising the user.
//
// Load comes from wrk (apt-get install -y wrk), one thread, 32 connections, each request carrying
// one of BENCH_SESSIONS (1,000) session cookies in turn, to both servers alike. The sessions are
// written straight into the demo company's SQLite database (as Kursa stores them: the token's
// SHA-256) instead of made through POST /api/login: logins are slow on purpose (argon2) and throttled per address, and 1,000
// sessions keep each one far below the API's per-session ceiling of 1,200 requests a minute at any
// rate this machine reaches. After a warm-up round each, the two servers are measured
// alternately, three rounds of BENCH_SECONDS (5), and the best round of each is compared. Exits 1
// below the budget. Each server's CPU time per request (from /proc) is printed beside its rate: on
// a machine busy with other work the rates swing, the CPU per request much less.
// Usage: npm run build:server && npm run bench
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startBuiltServer, waitFor } from './built-server.mjs';

const seconds = process.env.BENCH_SECONDS ?? '5';
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 1000);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 5191);
const kursaPort = Number(process.env.BENCH_PORT ?? 5192);
const budget = 0.5;

/** CPU time a process has used so far, in microseconds (user and system, from /proc). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** One wrk run against `url`: requests a second, and the server's CPU time per request. */
function wrk(url, script, pid, duration = seconds) {
  const args = ['-t1', '-c32', `-d${duration}s`, '-s', script, url];
  const cpuBefore = cpuMicros(pid);
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const cpu = cpuMicros(pid) - cpuBefore;
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  if (non2xx > 0) throw new Error(`${url}: ${non2xx} responses were not 2xx`);
  if (!(rate > 0)) throw new Error(`${url}: wrk measured nothing:\n${out}`);
  return { rate, cpuPerRequest: cpu / requests };
}

/** One GET, answered with its status, headers (as Node's raw pairs) and body. */
function get(port, urlPath, cookie) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { cookie } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

/** Sessions for the demo admin, stored as Kursa stores them: only the token's SHA-256. */
function insertSessions(dataDir, count) {
  const db = new Database(path.join(dataDir, 'kursa.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const user = db.prepare('select id from users where email = ?').get('demo@kursa.example');
    if (!user) throw new Error('the demo company was not seeded');
    const now = new Date();
    const expires = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString();
    const insert = db.prepare(
      'insert into sessions (id, token_hash, user_id, persistent, expires_at, created_at, last_seen_at, user_agent) values (?, ?, ?, 1, ?, ?, ?, ?)',
    );
    const cookies = [];
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const token = randomBytes(32).toString('base64url');
        insert.run(
          randomUUID(),
          createHash('sha256').update(token).digest('hex'),
          user.id,
          expires,
          now.toISOString(),
          now.toISOString(),
          'bench',
        );
        cookies.push(`kursa_session=${token}`);
      }
    })();
    return cookies;
  } finally {
    db.close();
  }
}

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  if (error.code === 'ENOENT') {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(2);
  }
}

const kursa = await startBuiltServer(kursaPort, { SEED_DEMO: 'true' });
let bare;
let failed;
try {
  const cookies = insertSessions(kursa.dataDir, sessionCount);
  const sample = await get(kursaPort, '/api/me', cookies[0]);
  if (sample.status !== 200) throw new Error(`GET /api/me with a stored session answered ${sample.status}: ${sample.body}`);
  // Everything Kursa sent but what Node's server writes for itself on every response.
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = [];
  for (let i = 0; i < sample.rawHeaders.length; i += 2) {
    if (!own.has(sample.rawHeaders[i].toLowerCase())) headers.push([sample.rawHeaders[i], sample.rawHeaders[i + 1]]);
  }
  const sent = JSON.stringify({ headers, body: sample.body.toString('base64') });
  bare = spawn(
    process.execPath,
    [
      '-e',
      `const { headers, body } = JSON.parse(process.argv[1]); const payload = Buffer.from(body, 'base64');
       require('node:http').createServer((q, s) => { s.writeHead(200, headers); s.end(payload); }).listen(${barePort}, '127.0.0.1');`,
      sent,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const echoed = await get(barePort, '/api/me', cookies[0]);
  if (!echoed.body.equals(sample.body)) throw new Error('the bare server does not answer what Kursa answers');

  const script = path.join(kursa.dataDir, 'me.lua');
  writeFileSync(
    script,
    `cookies = { ${cookies.map((c) => JSON.stringify(c)).join(', ')} }\ni = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", "/api/me", { ["cookie"] = cookies[(i % #cookies) + 1] })\nend\n`,
  );
  // A round each first that is not counted: both servers' code compiled by V8's optimiser.
  wrk(`http://127.0.0.1:${barePort}/api/me`, script, bare.pid, 2);
  wrk(`http://127.0.0.1:${kursaPort}/api/me`, script, kursa.pid, 2);
  const runs = { bare: [], me: [] };
  for (let round = 0; round < 3; round++) {
    runs.bare.push(wrk(`http://127.0.0.1:${barePort}/api/me`, script, bare.pid));
    runs.me.push(wrk(`http://127.0.0.1:${kursaPort}/api/me`, script, kursa.pid));
  }
  const best = (list) => list.reduce((a, b) => (b.rate > a.rate ? b : a));
  // The CPU each server spends on a request, apart from how the machine shared its cores out.
  const cpu = (list) => list.map((r) => r.cpuPerRequest.toFixed(0)).join(', ');
  const ratio = best(runs.me).rate / best(runs.bare).rate;
  console.log(
    `response: ${sample.body.length} bytes of JSON and ${headers.length} headers from both servers: ${headers.map(([n]) => n).join(', ')}`,
  );
  console.log(`node:http, the same response: ${best(runs.bare).rate.toFixed(0)} req/s (CPU per request, each round: ${cpu(runs.bare)} µs)`);
  console.log(
    `GET /api/me, authenticated (SQLite, ${sessionCount} sessions): ${best(runs.me).rate.toFixed(0)} req/s (CPU per request: ${cpu(runs.me)} µs)`,
  );
  console.log(`ratio: ${ratio.toFixed(2)} (budget: >= ${budget.toFixed(2)})`);
  failed = ratio < budget;
} finally {
  bare?.kill();
  kursa.stop();
}
if (failed) {
  console.error('GET /api/me is below its budget');
  process.exit(1);
}
