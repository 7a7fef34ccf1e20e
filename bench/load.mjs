// Load: N keep-alive connections, one logged-in session each, sending GET /api/me back to back for
// a fixed time against the production build (SQLite in a temp dir, or DATABASE_URL). A probe beside
// the load asks GET /api/health on a fresh connection every 200 ms. Prints req/s, p50, p99, max,
// the requests with no answer within 10 s, and the probe's worst wait. Loopback only.
// Usage: npm run build && npm run bench:load
//   LOAD_CONNECTIONS (200), LOAD_SECONDS (15), LOAD_LOG_LEVEL (warn), DATABASE_URL (SQLite)
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { startBuiltServer } from './built-server.mjs';

const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 15);
const port = Number(process.env.LOAD_PORT ?? 5193);
const answerWithinMs = 10_000;
const probeEveryMs = 200;

const env = { SEED_DEMO: 'true', LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn' };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
if (process.env.LOAD_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.LOAD_SERVER_NODE_OPTIONS;
const server = await startBuiltServer(port, env);

/** How long each new connection took to be accepted (a full accept queue costs 1 s, 3 s, 7 s…). */
const connectMs = [];

/** One request; resolves with { status, ms } or { status: 0 } when no answer came in time. */
function request({ agent, path, method = 'GET', headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, ms: performance.now() - started, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connecting = performance.now();
      socket.once('connect', () => connectMs.push(performance.now() - connecting));
    });
    req.setTimeout(answerWithinMs, () => {
      req.destroy();
      resolve({ status: 0, ms: performance.now() - started, error: 'timeout' });
    });
    req.on('error', (error) => resolve({ status: -1, ms: performance.now() - started, error: error.code ?? error.message }));
    req.end(body);
  });
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

try {
  // One session per connection. Logins go four at a time: the login throttle counts attempts in
  // flight, and argon2 is meant to be slow.
  const cookies = [];
  const login = JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' });
  const loginAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  while (cookies.length < connections) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, connections - cookies.length) }, () =>
        request({ agent: loginAgent, path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: login }),
      ),
    );
    let wait = 0;
    for (const res of batch) {
      if (res.status === 200) cookies.push(res.headers['set-cookie'][0].split(';')[0]);
      // More than 600 logins a minute from one address meet the API's per-IP ceiling: wait it out.
      else if (res.status === 429) wait = Math.max(wait, Math.min(60, Number(res.headers['retry-after'] ?? 5)));
      else throw new Error(`login failed: ${res.status} ${res.body ?? res.error}`);
    }
    if (wait) {
      console.log(`logins: ${cookies.length} so far; waiting ${wait} s for the per-IP ceiling`);
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
  }
  loginAgent.destroy();

  const latencies = [];
  const statuses = new Map();
  let unanswered = 0;
  let failed = 0;
  const stopAt = performance.now() + seconds * 1000;

  async function worker(i) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { cookie: cookies[i] };
    while (performance.now() < stopAt) {
      const res = await request({ agent, path: '/api/me', headers });
      if (res.status === 0) unanswered++;
      else if (res.status === -1) failed++;
      else {
        latencies.push(res.ms);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }
    agent.destroy();
  }

  const probe = { max: 0, unanswered: 0, count: 0, statuses: new Map() };
  async function prober() {
    while (performance.now() < stopAt) {
      const res = await request({ agent: false, path: '/api/health' });
      probe.count++;
      if (res.status === 0) probe.unanswered++;
      probe.statuses.set(res.status, (probe.statuses.get(res.status) ?? 0) + 1);
      probe.max = Math.max(probe.max, res.ms);
      await new Promise((r) => setTimeout(r, probeEveryMs));
    }
  }

  const started = performance.now();
  await Promise.all([...Array.from({ length: connections }, (_, i) => worker(i)), prober()]);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const total = latencies.length + unanswered + failed;
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `GET /api/me, ${connections} keep-alive connections (one session each), ${seconds} s, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
  );
  console.log(`requests: ${total}  rate: ${(latencies.length / elapsed).toFixed(0)} req/s`);
  console.log(`latency: p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(latencies.at(-1) ?? NaN)}`);
  console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`);
  connectMs.sort((a, b) => a - b);
  console.log(
    `new connections: ${connectMs.length}, connect max ${fmt(connectMs.at(-1) ?? 0)}, over 1 s: ${connectMs.filter((ms) => ms > 1000).length}`,
  );
  console.log(`unanswered within ${answerWithinMs / 1000} s: ${unanswered}  connection errors: ${failed}`);
  console.log(
    `health probe beside the load (fresh connection every ${probeEveryMs} ms): ${probe.count} probes, max ${fmt(probe.max)}, unanswered ${probe.unanswered}, statuses ${[...probe.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
  );
  process.exitCode = unanswered > 0 || failed > 0 || probe.unanswered > 0 ? 1 : 0;
} finally {
  server.stop();
}
