import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// A request whose connection is already closed when the app handles it has no client address
// (Node reads it from the live socket). The API's rate limit counts anonymous requests by address,
// and must neither throw on it nor let it past uncounted: the request is answered (400, to no one).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => t.close());

/** A request as Node's server hands it over, on a connection that has already closed. */
function onClosedConnection(method: string, url: string): ServerResponse {
  const socket = new Socket();
  socket.destroy();
  const request = new IncomingMessage(socket);
  request.method = method;
  request.url = url;
  request.headers = { host: 'localhost:5000', 'content-type': 'application/json' };
  request.push(null);
  const response = new ServerResponse(request);
  t.app.server.emit('request', request, response);
  return response;
}

describe('a request without a client address', () => {
  it('is answered 400, not failed with a 500, on every kind of route', async () => {
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/catalogue'],
      ['POST', '/api/login'],
      ['GET', '/api/resources/no-such'],
      ['GET', '/'],
    ]) {
      const response = onClosedConnection(method!, url!);
      await vi.waitFor(() => expect(response.writableEnded, `${method} ${url}`).toBe(true));
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    // The server carries on as before for a client that is there.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
