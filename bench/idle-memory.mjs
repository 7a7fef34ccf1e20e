// Budget: the production server, idle after a few ordinary requests, stays at or under 150 MB
// resident. Starts the built server on its embedded defaults (a fresh SQLite database, the demo
// seeded, uploads on the disk, no AI provider), times the start to the first healthy answer, asks
// for the front page, /api/health, a login and /api/me, lets it settle, and prints its RSS and
// heap beside a bare node:http server's measured the same way. Exits 1 over the budget.
// Usage: npm run bench:memory   (builds first when the build is missing or stale; BENCH_PORT,
// BENCH_SETTLE_MS to tune)
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, root } from '../scripts/build-state.mjs';
import { serverNodeFlags } from '../scripts/server-flags.ts';

const BUDGET_MB = 150;
const port = Number(process.env.BENCH_PORT ?? 5193);
const helloPort = port + 1;
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 5000);
const probe = path.join(import.meta.dirname, 'memory-probe.mjs');
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;

if (!buildIsCurrent()) {
  console.log('Building Kursa (client and server)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

for (const p of [port, helloPort]) {
  const busy = await fetch(`http://127.0.0.1:${p}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${p} is in use; stop what listens there or choose another port (BENCH_PORT)`);
}

/**
 * Starts `args` with the memory probe preloaded (it answers a message with the process's
 * memoryUsage), and resolves with the child and the milliseconds until `url` first answered 200.
 */
async function start(args, env, url) {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', probe, ...args], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = began + Number(process.env.BENCH_START_SECONDS ?? 60) * 1000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { child, exited, startMs: performance.now() - began };
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill();
  throw new Error(`${url} did not come up`);
}

/** The child's memoryUsage(), read in the child through the probe's IPC channel. */
function memory(child) {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.send('memory', (error) => error && reject(error));
  });
}

async function measure(name, child, startMs) {
  await new Promise((r) => setTimeout(r, settleMs));
  const m = await memory(child);
  console.log(
    `${name}: start to first healthy answer ${startMs.toFixed(0)} ms; idle RSS ${mb(m.rss)}, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)}`,
  );
  return m;
}

async function ok(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return res;
}

const hello = await start(
  ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${helloPort}, '127.0.0.1')`],
  { PATH: process.env.PATH },
  `http://127.0.0.1:${helloPort}/`,
);
let kursaRss;
try {
  for (let i = 0; i < 4; i++) await ok(await fetch(`http://127.0.0.1:${helloPort}/`), 'hello');
  await measure('node:http hello-world', hello.child, hello.startMs);
} finally {
  hello.child.kill();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-bench-'));
const base = `http://127.0.0.1:${port}`;
try {
  const kursa = await start(
    [...serverNodeFlags(), path.join(root, 'dist', 'server', 'server.js')],
    { PATH: process.env.PATH, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    `${base}/api/health`,
  );
  try {
    await ok(await fetch(`${base}/`), 'front page');
    await ok(await fetch(`${base}/api/health`), 'health');
    const login = await ok(
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
      }),
      'login',
    );
    const cookie = login.headers.get('set-cookie').split(';')[0];
    await ok(await fetch(`${base}/api/me`, { headers: { cookie } }), '/api/me');
    await ok(await fetch(`${base}/`, { headers: { cookie } }), 'front page, signed in');
    kursaRss = (await measure('Kursa (built, SQLite, demo seeded)', kursa.child, kursa.startMs)).rss;
  } finally {
    kursa.child.kill();
    await kursa.exited;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const within = kursaRss <= BUDGET_MB * 1048576;
console.log(`Kursa idle RSS ${mb(kursaRss)} (budget: <= ${BUDGET_MB} MB) ${within ? 'within budget' : 'OVER BUDGET'}`);
process.exit(within ? 0 : 1);
