// DESIGN.md budget: an authenticated GET /api/me runs at half or more of a bare node:http
// hello-world's rate, measured the same way in the same run. Prints both rates and the ratio.
// Usage: npm run build && npm run bench   (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function start(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Closed-loop load: `connections` keep-alive clients, each sending the next request on reply. */
function load(port, pathName, headersFor) {
  let sent = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let done = 0;
  let bad = 0;
  const until = Date.now() + seconds * 1000;
  const worker = () =>
    new Promise((resolve) => {
      const next = () => {
        if (Date.now() >= until) return resolve();
        const req = http.request({ port, host: '127.0.0.1', path: pathName, agent, headers: headersFor(sent++) }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) done++;
            else bad++;
            next();
          });
        });
        req.on('error', () => {
          bad++;
          next();
        });
        req.end();
      };
      next();
    });
  return Promise.all(Array.from({ length: connections }, () => worker())).then(() => {
    agent.destroy();
    return { rate: done / seconds, bad };
  });
}

const helloPort = 5191;
const kursaPort = 5192;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-bench-'));
const hello = start(['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${helloPort}, '127.0.0.1')`], {});
const kursa = start([path.join(root, 'dist', 'server', 'server.js')], {
  PORT: String(kursaPort),
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
});
try {
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  await waitFor(`http://127.0.0.1:${kursaPort}/api/health`);
  // Enough sessions that the API's per-session rate limit (1,200 a minute) stays out of the way.
  const cookies = [];
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`http://127.0.0.1:${kursaPort}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    cookies.push(res.headers.get('set-cookie').split(';')[0]);
  }
  await load(helloPort, '/', () => ({})); // warm-up
  const h = await load(helloPort, '/', () => ({}));
  const m = await load(kursaPort, '/api/me', (n) => ({ cookie: cookies[n % cookies.length] }));
  console.log(`node:http hello-world: ${h.rate.toFixed(0)} req/s`);
  console.log(`GET /api/me (authenticated, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'SQLite'}): ${m.rate.toFixed(0)} req/s${m.bad ? ` (${m.bad} non-200)` : ''}`);
  console.log(`ratio: ${(m.rate / h.rate).toFixed(2)} (budget: >= 0.50)`);
} finally {
  hello.kill();
  kursa.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
