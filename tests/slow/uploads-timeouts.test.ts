import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { filesUnder, insertCourse, mp4, multipart, PNG } from '../helpers/media.ts';
import { freePort, startServerProcess, waitForHealth } from '../helpers/server-process.ts';

// An upload may take longer than HTTP_REQUEST_TIMEOUT_MS (it is held to
// HTTP_UPLOAD_TIMEOUT_MS and cut only when it stalls), while every other request body keeps the
// short limit. The real server as a process, over real sockets.
let database: TestDatabase;
let child: ChildProcess;
let port: number;
let db: Db;
let cookie: string;
let courseId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  const server = startServerProcess({
    PORT: String(port),
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    SEED_DEMO: 'true',
    HTTP_HEADERS_TIMEOUT_MS: '300',
    HTTP_REQUEST_TIMEOUT_MS: '800',
  });
  child = server.child;
  await waitForHealth(port);
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
  });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const me = (await login.json()) as { id: string; organisationId: string };
  db = openDatabase({ databaseUrl: database.url, dataDir: database.dataDir }).db;
  courseId = await insertCourse(db, { organisationId: me.organisationId, ownerId: me.id });
});
afterAll(async () => {
  child.kill('SIGTERM');
  await db.destroy();
  await new Promise((r) => child.once('exit', r));
  await database.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const state = { received: '', closed: false };
  socket.on('data', (d) => (state.received += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((r) => socket.once('close', () => r(void (state.closed = true))));
  return { socket, state, closed };
}

function head(length: number, contentType: string) {
  return `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
}

describe('time limits for uploads', () => {
  it('lets a steady upload run past HTTP_REQUEST_TIMEOUT_MS', async () => {
    const { body, contentType } = multipart({ courseId, kind: 'video' }, [{ filename: 'slow.mp4', data: mp4(120_000) }]);
    const c = await connect();
    c.socket.write(head(body.length, contentType));
    // 12 pieces, 200 ms apart: 2.4 s in all, three times the 800 ms limit, never quiet for long.
    const piece = Math.ceil(body.length / 12);
    for (let i = 0; i < 12; i++) {
      c.socket.write(body.subarray(i * piece, (i + 1) * piece));
      await sleep(200);
    }
    for (let i = 0; i < 100 && !c.state.received.includes('"originalName"'); i++) await sleep(50);
    expect(c.state.received).toMatch(/^HTTP\/1\.1 201/);
    c.socket.destroy();
  });

  it('cuts an upload that stalls, and keeps nothing of it', async () => {
    const dir = path.join(database.dataDir, 'uploads');
    const files = filesUnder(dir).length;
    const { body, contentType } = multipart({ courseId, kind: 'video' }, [{ filename: 'stalled.mp4', data: mp4(400_000) }]);
    const c = await connect();
    c.socket.write(head(body.length, contentType));
    c.socket.write(body.subarray(0, 300_000));
    await c.closed;
    expect(c.state.received).toMatch(/^HTTP\/1\.1 408/);
    for (let i = 0; i < 40 && filesUnder(dir).length !== files; i++) await sleep(50);
    expect(filesUnder(dir)).toHaveLength(files);
  });

  it('still answers 408 to any other request whose body takes longer than HTTP_REQUEST_TIMEOUT_MS, even if it keeps sending', async () => {
    const c = await connect();
    const json = JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026', padding: 'x'.repeat(200) });
    c.socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    );
    for (let i = 0; i < 20 && !c.state.closed; i++) {
      c.socket.write(json.slice(i * 10, (i + 1) * 10));
      await sleep(100);
    }
    await c.closed;
    expect(c.state.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 413 to an oversize upload so that the client reads it (declared length, and found while streaming)', async () => {
    const big = multipart({ courseId, kind: 'image' }, [
      { filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024)]) },
    ]);
    for (const chunked of [false, true]) {
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/uploads',
            headers: {
              cookie,
              'content-type': big.contentType,
              ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': big.body.length }),
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        for (let i = 0; i < big.body.length; i += 256 * 1024) request.write(big.body.subarray(i, i + 256 * 1024));
        request.end();
      });
      expect(status, chunked ? 'chunked' : 'with a length').toBe(413);
    }
    expect(filesUnder(path.join(database.dataDir, 'uploads')).every((f) => !f.endsWith('.part'))).toBe(true);
  });
});
