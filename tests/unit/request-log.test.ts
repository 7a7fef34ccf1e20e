import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { RequestLogController, SLOW_REQUEST_MS } from '../../src/server/http/request-log.ts';

// One line per request; routine ones at debug, refused and slow ones at info, failed ones at error.
function complete(status: number, elapsedTime: number, error: Error | null = null) {
  const log = { debug: vi.fn(), info: vi.fn(), error: vi.fn() };
  const request = { method: 'GET', url: '/api/me' } as FastifyRequest;
  const reply = { statusCode: status, elapsedTime, log } as unknown as FastifyReply;
  new RequestLogController().requestCompleted(error, request, reply);
  return log;
}

describe('RequestLogController', () => {
  it('logs a quick successful request at debug only', () => {
    const log = complete(200, 3.2);
    expect(log.debug).toHaveBeenCalledWith({ method: 'GET', url: '/api/me', status: 200, ms: 3 }, 'request');
    expect(log.info).not.toHaveBeenCalled();
  });

  it(`logs a successful request of ${SLOW_REQUEST_MS} ms or more at info as slow`, () => {
    const log = complete(200, SLOW_REQUEST_MS + 250);
    expect(log.info).toHaveBeenCalledWith({ method: 'GET', url: '/api/me', status: 200, ms: SLOW_REQUEST_MS + 250 }, 'slow request');
    expect(log.debug).not.toHaveBeenCalled();
  });

  it('logs a refused request at info and a failed one at error', () => {
    expect(complete(404, 2).info).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }), 'request refused');
    expect(complete(503, 2).error).toHaveBeenCalledWith(expect.objectContaining({ status: 503 }), 'request failed');
    const cause = new Error('boom');
    expect(complete(500, 2, cause).error).toHaveBeenCalledWith(expect.objectContaining({ err: cause }), 'request errored');
  });
});
