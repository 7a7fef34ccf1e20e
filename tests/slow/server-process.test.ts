import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForHealth } from '../helpers/server-process.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const startServer = startServerProcess;

describe('the server process', () => {
  it('refuses to start on a bad environment value and names the variable', async () => {
    const { exited, output } = startServer({ PORT: 'not-a-port', CVR_PROVIDER: 'somewhere' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT="not-a-port"');
    expect(output()).toContain('CVR_PROVIDER="somewhere"');
  });

  it('on SIGTERM stops accepting, finishes the request in flight, then exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const { child, exited, output } = startServer({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true' });
    await waitForHealth(port);

    // A login whose body is only half sent when the signal arrives.
    const body = JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let response = '';
    socket.on('data', (d) => (response += d));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));

    child.kill('SIGTERM');
    // New connections are refused while the old request is still open.
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(port, '127.0.0.1');
        probe.once('error', () => resolve(true));
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
      });
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);

    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('"email":"demo@kursa.example"');
    expect(await exited).toBe(0);
    expect(output()).not.toMatch(/error/i);
  });
});
