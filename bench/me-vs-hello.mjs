// Budget: an authenticated GET /api/me runs at half or more of a bare node:http
// hello-world's rate in the same run. Load comes from wrk (apt-get install -y wrk), one thread,
// 32 connections, rotating over 120 sessions so the per-session rate limit stays out of the way;
// the two servers are measured alternately, three rounds, and the best round of each is compared.
// Usage: npm run build && npm run bench   (BENCH_SECONDS to tune)
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer, waitFor } from './built-server.mjs';

const seconds = process.env.BENCH_SECONDS ?? '5';
const helloPort = 5191;
const kursaPort = 5192;

function wrk(url, script) {
  const args = ['-t1', '-c32', `-d${seconds}s`, ...(script ? ['-s', script] : []), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  if (non2xx > 0) throw new Error(`${url}: ${non2xx} responses were not 2xx`);
  return rate;
}

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  if (error.code === 'ENOENT') {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(2);
  }
}

const hello = spawn(process.execPath, [
  '-e',
  `require('node:http').createServer((q, s) => s.end('hello')).listen(${helloPort}, '127.0.0.1')`,
]);
const kursa = await startBuiltServer(kursaPort, { SEED_DEMO: 'true' });
try {
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  const cookies = [];
  for (let i = 0; i < 120; i++) {
    const res = await fetch(`http://127.0.0.1:${kursaPort}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    cookies.push(res.headers.get('set-cookie').split(';')[0]);
  }
  const script = path.join(kursa.dataDir, 'me.lua');
  writeFileSync(
    script,
    `cookies = { ${cookies.map((c) => JSON.stringify(c)).join(', ')} }\ni = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", "/api/me", { ["cookie"] = cookies[(i % #cookies) + 1] })\nend\n`,
  );
  let best = { hello: 0, me: 0 };
  for (let round = 0; round < 3; round++) {
    best = {
      hello: Math.max(best.hello, wrk(`http://127.0.0.1:${helloPort}/`, script)),
      me: Math.max(best.me, wrk(`http://127.0.0.1:${kursaPort}/api/me`, script)),
    };
  }
  console.log(`node:http hello-world: ${best.hello.toFixed(0)} req/s`);
  console.log(`GET /api/me, authenticated (SQLite): ${best.me.toFixed(0)} req/s`);
  console.log(`ratio: ${(best.me / best.hello).toFixed(2)} (budget: >= 0.50)`);
} finally {
  hello.kill();
  kursa.stop();
}
