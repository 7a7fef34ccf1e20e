// Splits the browser specs into groups of about equal running time, for CI's shards that run at
// once. Playwright's own --shard cuts the alphabetical list of tests by count, which put every long
// journey (the builder, the AI builder, certificates, the chat) in the first shard: it ended ten
// minutes after the second. The times come from tests/e2e/durations.json, recorded from a run's
// JSON reports; a spec with no recorded time counts as the median of those that have one.
//
//   node scripts/e2e-shards.mjs 1/2 [--then 2=a.spec.ts,b.spec.ts]
//       the spec files of shard 1 of 2, one per line; --then names specs a shard runs afterwards
//       (CI's PostgreSQL run follows shard 2), whose recorded times count towards that shard
//   node scripts/e2e-shards.mjs --record report.json [report.json ...]
//       rewrites tests/e2e/durations.json from Playwright JSON reports (seconds per spec file)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const SPEC_DIR = 'tests/e2e';
const DURATIONS = path.join(root, SPEC_DIR, 'durations.json');

/**
 * Longest first, each to the shard with the least time so far (ties: the lower shard). `headStart`
 * is time a shard already has. Returns each shard's files in alphabetical order.
 */
export function partition(times, shards, headStart = []) {
  const loads = Array.from({ length: shards }, (_, i) => headStart[i] ?? 0);
  const groups = Array.from({ length: shards }, () => []);
  const files = Object.keys(times).sort((a, b) => times[b] - times[a] || a.localeCompare(b));
  for (const file of files) {
    let lightest = 0;
    for (let i = 1; i < shards; i++) if (loads[i] < loads[lightest]) lightest = i;
    groups[lightest].push(file);
    loads[lightest] += times[file];
  }
  return groups.map((group) => group.sort());
}

/** Every spec file's time: the recorded one, or the median of the recorded ones. */
export function specTimes(specs, recorded) {
  const known = specs.map((spec) => recorded[spec]).filter((t) => typeof t === 'number');
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
  return Object.fromEntries(specs.map((spec) => [spec, typeof recorded[spec] === 'number' ? recorded[spec] : median]));
}

/** Seconds per spec file (the name within tests/e2e) in Playwright JSON reports. */
export function reportTimes(reports) {
  const times = {};
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        times[spec.file] = (times[spec.file] ?? 0) + ms / 1000;
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const report of reports) for (const suite of report.suites) visit(suite);
  return Object.fromEntries(Object.entries(times).map(([file, s]) => [file, Math.round(s * 10) / 10]));
}

function main(args) {
  if (args[0] === '--record') {
    const reports = args.slice(1).map((file) => JSON.parse(readFileSync(file, 'utf8')));
    const times = reportTimes(reports);
    const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`${Object.keys(sorted).length} spec files recorded in ${path.relative(root, DURATIONS)}`);
    return;
  }
  const match = /^(\d+)\/(\d+)$/.exec(args[0] ?? '');
  if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
    console.error('usage: node scripts/e2e-shards.mjs K/N [--then K=a.spec.ts,b.spec.ts] | --record report.json ...');
    process.exit(2);
  }
  const [current, total] = [Number(match[1]), Number(match[2])];
  const specs = readdirSync(path.join(root, SPEC_DIR))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  let recorded = {};
  try {
    recorded = JSON.parse(readFileSync(DURATIONS, 'utf8'));
  } catch {
    // No recorded times yet: every spec counts the same.
  }
  const times = specTimes(specs, recorded);
  const headStart = [];
  const then = args.indexOf('--then');
  if (then >= 0) {
    const [shard, list] = (args[then + 1] ?? '').split('=');
    headStart[Number(shard) - 1] = (list ?? '')
      .split(',')
      .filter(Boolean)
      .reduce((sum, spec) => sum + (times[spec] ?? 0), 0);
  }
  for (const spec of partition(times, total, headStart)[current - 1]) console.log(`${SPEC_DIR}/${spec}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
