import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registration, type TestApp } from '../helpers/app.ts';

// A JSON body over the 1 MB limit is answered 413 while the client is still sending it. The
// client must get to read that answer: the server reads the rest and throws it away (for a bounded
// time) instead of closing the connection under a client that is still writing, which then sees a
// broken pipe (EPIPE) rather than the 413. A real listening server, over real sockets.

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

const THREE_MB = 3 * 1024 * 1024;

describe('an oversize JSON body', () => {
  it('keeps the connection while the client sends the rest: the 413 is read, the rest accepted, the next request answered', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = '';
    const writeErrors: string[] = [];
    socket.on('data', (d) => (received += d));
    socket.on('error', (error: NodeJS.ErrnoException) => writeErrors.push(error.code ?? error.message));
    const closed = new Promise<'closed'>((r) => socket.once('close', () => r('closed')));
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve) =>
        socket.write(data, (error) => resolve(void (error && writeErrors.push((error as NodeJS.ErrnoException).code ?? error.message)))),
      );

    await write(
      `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${THREE_MB}\r\n\r\n`,
    );
    await write(Buffer.alloc(64 * 1024, 0x20));
    // The answer comes before the body is through.
    const answered = new Promise<'answered'>((resolve) => {
      const check = () => (received.includes('"TOO_LARGE"') ? resolve('answered') : socket.once('data', check));
      check();
    });
    expect(await Promise.race([answered, closed])).toBe('answered');
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).not.toContain('connection: close');

    // The rest of the body, then another request on the same connection.
    for (let sent = 64 * 1024; sent < THREE_MB; sent += 256 * 1024) await write(Buffer.alloc(Math.min(256 * 1024, THREE_MB - sent), 0x20));
    received = '';
    await write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const healthy = new Promise<'answered'>((resolve) => {
      const check = () => (/^HTTP\/1\.1 200 /.test(received) && received.includes('}') ? resolve('answered') : socket.once('data', check));
      check();
    });
    expect(await Promise.race([healthy, closed])).toBe('answered');
    expect(writeErrors).toEqual([]);
    socket.destroy();
  });

  it("gets its 413 every time through Node's fetch, 25 posts of 3 MB to /api/register in a row", async () => {
    const body = JSON.stringify({ ...registration(), padding: 'x'.repeat(THREE_MB) });
    const answers: (number | string)[] = [];
    for (let i = 0; i < 25; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const json = (await res.json()) as { code: string };
        answers.push(res.status === 413 && json.code === 'TOO_LARGE' ? 413 : `${res.status} ${json.code}`);
      } catch (error) {
        answers.push(String((error as Error & { cause?: Error }).cause ?? error));
      }
    }
    expect(answers).toEqual(Array(25).fill(413));
  });
});
