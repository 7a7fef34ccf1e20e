import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

/**
 * OpenAI's image generation as a fake provider answers it (`POST /v1/images/generations`, the
 * route OpenAI and the compatible servers share): the request is recorded, and the answer is
 * `data: [{ b64_json }]` with a real PNG of the size asked for (small: a 16th of each side), or a
 * scripted answer — an HTTP error, bytes that are no picture, an empty list, or no answer at all.
 */

export interface ImageRequest {
  model: string;
  prompt: string;
  n: number | undefined;
  size: string | undefined;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

export type ImageAnswer =
  | { kind: 'png' }
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'empty' }
  | { kind: 'hang' }
  | { kind: 'status'; status: number; message?: string };

export interface FakeImages {
  requests: ImageRequest[];
  script(...answers: ImageAnswer[]): void;
  reset(): void;
  handle(req: IncomingMessage, res: ServerResponse, raw: string): void;
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG (8-bit RGB, one colour), so the app's type check reads it as an image. */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [40, 110, 180]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function fakeImages(): FakeImages {
  const requests: ImageRequest[] = [];
  let queue: ImageAnswer[] = [];
  return {
    requests,
    script: (...answers) => void queue.push(...answers),
    reset: () => {
      queue = [];
      requests.length = 0;
    },
    handle(req, res, raw) {
      const json = (status: number, body: unknown) =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(400, { error: { message: 'body is not JSON' } });
      }
      const size = typeof body.size === 'string' ? body.size : undefined;
      requests.push({
        model: String(body.model),
        prompt: String(body.prompt),
        n: typeof body.n === 'number' ? body.n : undefined,
        size,
        body,
        authorization: req.headers.authorization,
      });
      const reply = queue.shift() ?? { kind: 'png' };
      // Never answers: the client's timeout (or abort) ends the request; the server's close() the socket.
      if (reply.kind === 'hang') return;
      if (reply.kind === 'empty') return json(200, { created: Math.floor(Date.now() / 1000), data: [] });
      if (reply.kind === 'status')
        return json(reply.status, { error: { message: reply.message ?? `fake error ${reply.status}`, type: 'server_error', code: null } });
      const [width, height] = (size ?? '1024x1024').split('x').map((n) => Math.max(1, Math.round(Number(n) / 16)));
      const bytes = reply.kind === 'bytes' ? reply.bytes : pngOf(width ?? 64, height ?? 64);
      json(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: bytes.toString('base64') }] });
    },
  };
}

/** A fake provider's server with its image endpoint beside it: `reset` forgets both. */
export function withImages<S extends { reset(): void }>(server: S, images: FakeImages): S & { images: FakeImages } {
  return {
    ...server,
    images,
    reset: () => {
      server.reset();
      images.reset();
    },
  };
}
