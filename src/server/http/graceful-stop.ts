import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export interface GracefulStopOptions {
  /** After this long, whatever is still open is cut (and logged) and the app closes anyway. */
  timeoutMs: number;
}

/** How often open connections are looked at while draining. */
const SWEEP_MS = 25;
/** A connection must have been quiet this long before a stop closes it (see below). */
const QUIET_MS = 1000;

interface Connection {
  /** Requests received on it and not yet answered (more than one when pipelined). */
  busy: number;
  /** When it last received bytes or finished an answer. */
  lastActive: number;
  bytesRead: number;
}

/** What runs when a stop begins, per HTTP server (plugins see their own Fastify instance, one server). */
const stopListeners = new WeakMap<object, (() => void)[]>();

/**
 * Long-lived answers (a job's event stream) end when a stop begins: they would otherwise hold
 * their connection until the deadline and be cut. The client reconnects to another instance.
 */
export function onStopping(app: FastifyInstance, listener: () => void): void {
  const listeners = stopListeners.get(app.server) ?? [];
  listeners.push(listener);
  stopListeners.set(app.server, listeners);
}

/**
 * A stop that loses no answer. Node's server.close() drops idle keep-alive connections
 * at once, so a request already sent on one of them (unread because the event loop was busy, or
 * on its way) was lost with ECONNRESET. Instead a stop:
 *  1. accepts the connections already queued, then stops accepting; from then on every answer
 *     says `Connection: close`;
 *  2. lets the event loop read what has already arrived, so those requests start;
 *  3. answers everything in flight, and closes a keep-alive connection once it has been quiet
 *     for a second: a client in the middle of a burst sends its next request well within that,
 *     gets its answer with `Connection: close`, and goes elsewhere;
 *  4. at the deadline, cuts what is left, logging how many connections and requests it cut;
 *  5. closes the app (onClose hooks: the database last).
 * Call before listen(); the returned function runs the stop and resolves when the app is closed.
 */
export function registerGracefulStop(app: FastifyInstance, options: GracefulStopOptions): (reason: string) => Promise<void> {
  const server = app.server;
  const connections = new Map<Socket, Connection>();
  /** Requests being answered, with the connection each came on (a pipelined answer has no socket yet). */
  const inFlight = new Map<ServerResponse, Socket>();
  let stopping = false;

  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted++;
    connections.set(socket, { busy: 0, lastActive: Date.now(), bytesRead: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // Before Fastify's own listener, so the header can be set before any answer is written.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) connection.busy++;
    inFlight.set(res, req.socket);
    res.once('close', () => {
      inFlight.delete(res);
      if (connection) {
        connection.busy--;
        connection.lastActive = Date.now();
      }
    });
    if (stopping) closeAfterAnswer(res);
  });

  /**
   * While stopping, an answer says `Connection: close` so the client sends its next request
   * elsewhere — unless more requests are pipelined behind it on the same connection (node would
   * drop them): those are answered first, and the last one says it.
   */
  function closeAfterAnswer(res: ServerResponse): void {
    if (res.headersSent) return;
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent && !hasMoreOnSocket(this)) this.setHeader('connection', 'close');
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
  }

  function hasMoreOnSocket(res: ServerResponse): boolean {
    const socket = inFlight.get(res);
    for (const [other, otherSocket] of inFlight) if (other !== res && otherSocket === socket) return true;
    return false;
  }

  /** Closes the connections that have nothing in flight and have been quiet long enough. */
  function sweep(quietMs: number): void {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (socket.bytesRead !== connection.bytesRead) {
        // Bytes arrived (perhaps the start of a request): not quiet.
        connection.bytesRead = socket.bytesRead;
        connection.lastActive = now;
      } else if (connection.busy === 0 && now - connection.lastActive >= quietMs) {
        socket.destroy();
      }
    }
  }

  let stopped: Promise<void> | undefined;
  return (reason: string) => (stopped ??= stop(reason));

  async function stop(reason: string): Promise<void> {
    stopping = true;
    const started = Date.now();
    for (const listener of stopListeners.get(server) ?? []) listener();
    app.log.info(
      { reason, connections: connections.size, requests: inFlight.size },
      'stopping: no new connections; answering the requests already received',
    );
    for (const res of inFlight.keys()) closeAfterAnswer(res);
    // Accept the connections waiting in the listen queue first: the kernel has completed their
    // handshakes and their clients may have sent a request already, and closing the listening
    // socket would reset them. Node accepts one connection per turn of the event loop, so turn
    // until a couple of turns pass with none (or a quarter of the deadline, if they keep coming).
    const acceptUntil = started + options.timeoutMs / 4;
    for (let idleTurns = 0; idleTurns < 2 && Date.now() < acceptUntil;) {
      const before = accepted;
      await nextTurn();
      idleTurns = accepted === before ? idleTurns + 1 : 0;
    }
    for (const [socket, connection] of connections) connection.bytesRead = socket.bytesRead;
    // Stop listening but leave the open connections be (http.Server#close would drop idle ones).
    net.Server.prototype.close.call(server);
    // Read what is already in the sockets: a request that has begun is no longer idle.
    await nextTurn();
    await nextTurn();
    const quietMs = Math.min(QUIET_MS, options.timeoutMs / 4);
    while (connections.size > 0 && Date.now() - started < options.timeoutMs) {
      sweep(quietMs);
      if (connections.size === 0) break;
      await sleep(SWEEP_MS);
      // Let a poll phase read what arrived meanwhile before judging: if this process was paused
      // (a busy machine), a connection is not quiet just because its bytes are still unread.
      await nextTurn();
    }
    if (connections.size > 0) {
      app.log.warn(
        { connections: connections.size, requests: inFlight.size, timeoutMs: options.timeoutMs },
        'stop deadline reached: cutting the connections still open and the requests still unanswered',
      );
      for (const socket of connections.keys()) socket.destroy();
    }
    await app.close();
    app.log.info({ ms: Date.now() - started }, 'stopped');
  }
}
