import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** Where a streamed report goes: an HTTP reply's stream, a file, a PassThrough. */
export type Output = NodeJS.WritableStream | Writable;

/** The reader went away (the download was cancelled) before the report was written. */
export class OutputClosed extends Error {
  constructor() {
    super('The output closed before the report was written');
    this.name = 'OutputClosed';
  }
}

const isClosed = (out: Output) => ('destroyed' in out && out.destroyed) || ('closed' in out && out.closed === true);

/**
 * Waits until `stream` emits 'drain', or fails when it errs, or when `out` (the end of the pipe)
 * errs or closes first: a reader who cancels never drains anything, and a writer waiting for it
 * would hold its database cursor open for good.
 */
export function drained(stream: EventEmitter, out: Output): Promise<void> {
  if (isClosed(out)) return Promise.reject(new OutputClosed());
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      out.off('close', onClose);
      out.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new OutputClosed());
    const onError = (error: Error) => settle(error);
    stream.on('drain', onDrain);
    // A stream that fails never drains either.
    if (stream !== out) stream.on('error', onError);
    out.on('close', onClose);
    out.on('error', onError);
  });
}

/** Ends `out` and waits until everything written has been handed on (or fails when it closes first). */
export function finish(out: Output): Promise<void> {
  if (isClosed(out)) return Promise.reject(new OutputClosed());
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error | null) => {
      if (settled) return;
      settled = true;
      out.off('close', onClose);
      out.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onClose = () => settle(new OutputClosed());
    out.on('close', onClose);
    out.on('error', settle);
    out.end(settle);
  });
}

/**
 * Resolves when `out` has finished, fails with OutputClosed when it closes first. For a writer that
 * does not end `out` itself (exceljs's ends it when its zip does) and would otherwise wait forever
 * for a reader who has gone.
 */
export async function whenFinished(out: Writable): Promise<void> {
  try {
    await finished(out, { readable: false });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') throw new OutputClosed();
    throw error;
  }
}

/**
 * Makes a half-written report unmistakably broken: a CSV cut short still looks like a CSV, so the
 * reply is destroyed (the client sees a failed download) rather than ended. Destroyed without the
 * error, which the writer throws to its caller instead: an 'error' event nobody listens for would
 * bring the whole process down.
 */
export function abandon(out: Output): void {
  if ('destroy' in out && typeof out.destroy === 'function' && !isClosed(out)) out.destroy();
}

/** Lets the event loop turn, so streams further down the pipe get to run (an async generator that never waits on I/O would starve them). */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
