// Zip bomb memory: sends course material (POST /api/course-sources) that is a DOCX of a few hundred
// kilobytes whose word/document.xml unpacks to 1 GiB (by default, while its headers claim 1 KB) to the production build over
// HTTP, and prints the server process's resident memory (RSS) before, at its peak while the file is
// read, and after. The reader must refuse the file while it unpacks (422), so RSS stays within
// +100 MB whatever the bomb claims. Loopback only; nothing here is a test.
// Usage: npm run build && npm run bench:bomb
//   BOMB_BENCH_MB (1024), BOMB_BENCH_PORT (5196)
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { docxBomb } from '../tests/helpers/docx-bomb.mjs';
import { startBuiltServer } from './built-server.mjs';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BOMB_BENCH_MB ?? 1024);
const port = Number(process.env.BOMB_BENCH_PORT ?? 5196);
const budgetMb = 100;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

// Its headers claim 1 KB: a check of the declared size alone would let it through.
const bomb = docxBomb(sizeMb * MB, { declared: 'lie' });
console.log(`bomb: ${(bomb.length / 1024).toFixed(0)} KB on the wire, word/document.xml unpacks to ${sizeMb} MB (its headers say 1 KB)`);
const server = await startBuiltServer(port, { SEED_DEMO: 'true' });
try {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const boundary = `----kursa-bench-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.docx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n`,
    ),
    bomb,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  // Let start-up settle before measuring where the server stands.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = rssMb(server.pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/course-sources`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, origin: server.url },
    body,
  });
  const answer = await res.json();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = rssMb(server.pid);
  peak = Math.max(peak, after);

  console.log(`answer: ${res.status} ${answer.code}: ${answer.message} (${seconds.toFixed(1)} s)`);
  console.log(
    `RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), after ${after.toFixed(0)} MB (+${(after - before).toFixed(0)})`,
  );
  const ok = res.status === 422 && answer.code === 'SOURCE_UNPACKS_TOO_LARGE' && peak - before <= budgetMb;
  console.log(
    ok ? `ok: refused, and the peak stayed within +${budgetMb} MB` : `FAILED: expected 422 SOURCE_UNPACKS_TOO_LARGE within +${budgetMb} MB`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  server.stop();
}
