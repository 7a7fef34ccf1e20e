// The server the browser tests run against: the production build on a fresh, temporary SQLite
// database with the demo company seeded and the offline CVR registry.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, root } from './build-state.mjs';

const port = process.env.E2E_PORT ?? '5055';
if (!buildIsCurrent()) execSync('npm run build', { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'dist', 'server', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    PATH: process.env.PATH,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    CVR_PROVIDER: 'offline',
    LOG_LEVEL: 'warn',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
