// Lighthouse (mobile, its default) on the production build: prints the four category scores for
// each page. Usage: npm run build && node bench/lighthouse.mjs [/ /login …]
// Lighthouse 12 (the last major that runs on Node 20) is fetched by npx on first use; Chrome is
// Debian's /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from './built-server.mjs';

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/login'];
const server = await startBuiltServer(5290);
try {
  const flags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
  for (const page of pages) {
    const out = path.join(server.dataDir, 'report.json');
    execFileSync(
      'npx',
      ['--yes', 'lighthouse@12.8.2', `${server.url}${page}`, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${flags}`],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const scores = Object.values(report.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
    console.log(`${page}: ${scores.join(', ')}`);
    for (const c of Object.values(report.categories)) {
      if (c.score >= 1) continue;
      const failing = c.auditRefs
        .map((r) => report.audits[r.id])
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
      for (const a of failing.slice(0, 6)) console.log(`   ${c.title}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
} finally {
  server.stop();
}
