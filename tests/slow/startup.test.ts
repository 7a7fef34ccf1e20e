import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForHealth } from '../helpers/server-process.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kursa-startup-'));
  dirs.push(dir);
  return dir;
}

/** The JSON log lines a process wrote (pretty-printing is only for terminals). */
function logLines(output: string): { level: number; msg: string; url?: string; status?: number }[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; url?: string; status?: number });
}

describe('starting the server', () => {
  it('says which port is taken and how to choose another, without a stack trace', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const { exited, output } = startServerProcess({ PORT: String(port), DATA_DIR: dataDir() });
      expect(await exited).toBe(1);
      expect(output()).toContain(`Port ${port} is already in use`);
      expect(output()).toContain('PORT=5001 npm start');
      expect(output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });

  it('prints one line with the URL to open, and logs only failed requests at info', async () => {
    const port = await freePort();
    const { child, exited, output } = startServerProcess({ PORT: String(port), DATA_DIR: dataDir(), LOG_LEVEL: 'info' });
    await waitForHealth(port);
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/no-such-thing`)).status).toBe(404);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = logLines(output());
    const running = lines.filter((l) => l.msg.startsWith('Kursa is running'));
    expect(running).toHaveLength(1);
    expect(running[0]!.msg).toContain(`open http://localhost:${port}`);
    // Routine requests are debug-level; the 404 is the one request line at info.
    const requestLines = lines.filter((l) => l.url !== undefined);
    expect(requestLines).toEqual([expect.objectContaining({ level: 30, url: '/api/no-such-thing', status: 404 })]);
  });

  it('logs every request at debug', async () => {
    const port = await freePort();
    const { child, exited, output } = startServerProcess({ PORT: String(port), DATA_DIR: dataDir(), LOG_LEVEL: 'debug' });
    await waitForHealth(port);
    await fetch(`http://127.0.0.1:${port}/api/public-config`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(logLines(output())).toContainEqual(expect.objectContaining({ level: 20, url: '/api/public-config', status: 200 }));
  });
});

// util-linux's `script` gives the server a terminal as its standard output, as `npm start` in a shell does.
describe.runIf(existsSync('/usr/bin/script'))('at a terminal', () => {
  it('pretty-prints the log instead of JSON lines', async () => {
    const port = await freePort();
    const command = `${process.execPath} --import tsx src/server/server.ts`;
    const child = spawn('/usr/bin/script', ['-qfec', command, '/dev/null'], {
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir(), LOG_LEVEL: 'info', TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise((r) => child.on('exit', r));
    await waitForHealth(port);
    for (let i = 0; i < 50 && !out.includes('Kursa is running'); i++) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGTERM');
    await exited;
    expect(out).toMatch(/INFO.*Kursa is running: open http:\/\/localhost:\d+/);
    expect(out).not.toContain('{"level"');
  });
});
