// The server the browser tests run against: the production build on a fresh, temporary SQLite
// database with the demo company seeded and the offline CVR registry.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, root } from './build-state.mjs';

const port = process.env.E2E_PORT ?? '5055';
if (!buildIsCurrent()) execSync('npm run build', { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-e2e-'));

// A local SMTP server (issue 10: confirmation codes) that drops every message as a file into a
// directory the specs know (tests/e2e/mailbox.ts reads it): mail in the browser tests is real SMTP.
const mailDir = path.join(tmpdir(), `kursa-e2e-mail-${port}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const { SMTPServer } = await import('smtp-server');
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      writeFileSync(path.join(mailDir, `${String(++mailCount).padStart(5, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;
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
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Kursa <no-reply@kursa.example>',
  },
});
const cleanup = () => {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
