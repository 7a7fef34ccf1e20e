// The Node options the production server runs with, read from `npm start` (package.json's start
// script) so that the benchmarks and the tests that start the built server as a process start it
// the same way, and a change to the flags reaches them all. BENCH_NODE_FLAGS, when set (even
// empty), replaces them: a benchmark can then compare the server with other flags or none.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function serverNodeFlags(): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  // `node --flag … scripts/start.mjs`: the words between the command and the script.
  const words = pkg.scripts.start.split(/\s+/);
  return words
    .slice(
      1,
      words.findIndex((w) => w.endsWith('.mjs')),
    )
    .filter((w) => w.startsWith('--'));
}
