import { PassThrough, type Readable } from 'node:stream';
import { isMessageKey, translate } from '../../shared/i18n/messages.ts';
import { FINISHED_JOB_STATUSES, type TJobStatus } from '../../shared/schemas/jobs.ts';
import type { Db } from '../db/database.ts';
import { eventsAfter } from './event-store.ts';
import { findJob } from './job-store.ts';
import type { JobSignals } from './signals.ts';
import { describeError, errorReason } from './views.ts';

export interface EventStreamSettings {
  /** A comment line this often, so proxies and browsers keep an idle stream open (about 15 s). */
  heartbeatMs: number;
  /**
   * How often the events table is read when no signal came: a safety net for a signal lost on its
   * way between instances, not the way events normally arrive.
   */
  pollMs: number;
}

/** How many events one read sends at most; a longer backlog is sent in several reads. */
const BATCH = 500;

/**
 * A job's events as Server-Sent Events. The events table is the only source of them: a stream
 * reads it when it opens, whenever a signal says the job changed (sent in this process by whoever
 * wrote the events, or from another instance through JobSignals' transport), and every pollMs in
 * case a signal was lost. A read sends what came after the last event sent, so a signal that comes
 * twice or late sends nothing twice. A stream replays what came after the client's last event,
 * follows live ones, sends a heartbeat comment, and ends once the job has finished and all its
 * events are sent — or when this instance stops (closeAll), so a stop is not held up; the browser
 * then reconnects with its Last-Event-ID, to another instance or after the restart.
 */
export class JobEventStreams {
  private readonly open = new Set<() => void>();
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly signals: JobSignals,
    private readonly settings: EventStreamSettings,
  ) {}

  closeAll(): void {
    this.closing = true;
    for (const end of this.open) end();
  }

  stream(jobId: string, after: number, lang: 'da' | 'en' | undefined): { body: Readable; end: () => void } {
    const body = new PassThrough();
    let last = after;
    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    let reading = false;
    let again = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(timer);
      unsubscribe();
      this.open.delete(end);
      body.end();
    };
    this.open.add(end);
    const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), this.settings.heartbeatMs);
    // How long a browser waits before it reconnects; and something to flush the headers with.
    body.write('retry: 2000\n\n');

    /**
     * Sends what came after the last event sent; true when the stream is done. `full` also reads
     * the job's row (the first read and the safety-net polls: a job that was deleted, or one that
     * finished before this stream opened); a read after a signal tells the end from the events
     * themselves, a finished job's last event being its `job` event, written in the same transaction.
     */
    const read = async (full: boolean): Promise<boolean> => {
      // The status is read before the events: a job's finish is written with its last event, in
      // one transaction, so once it reads finished every event is already there to be sent.
      const job = full ? await findJob(this.db, jobId) : undefined;
      let events;
      let finishedEvent = false;
      do {
        events = await eventsAfter(this.db, jobId, last, BATCH);
        for (const event of events) {
          if (ended) return true;
          const data = localised(event.data, lang);
          body.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
          last = event.seq;
          finishedEvent = event.type === 'job' && FINISHED_JOB_STATUSES.includes(data.status as TJobStatus);
        }
      } while (events.length === BATCH && !ended);
      if (this.closing) return true;
      return full ? !job || FINISHED_JOB_STATUSES.includes(job.status as TJobStatus) : finishedEvent;
    };
    // One read at a time; a signal during a read asks for one more after it (what it announced
    // may have committed after this read looked).
    const wake = (full = false): void => {
      if (ended) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      again = false;
      clearTimeout(timer);
      // Settled in one callback, so no signal falls between the end of a read and the look at `again`.
      read(full).then(
        (finished) => {
          reading = false;
          if (finished) return end();
          if (again) return wake();
          timer = setTimeout(() => wake(true), this.settings.pollMs);
        },
        () => {
          reading = false;
          end();
        },
      );
    };
    // Subscribed before the first read: a change committed after it is signalled, one before it is read.
    const unsubscribe = this.signals.subscribe(jobId, () => wake());
    wake(true);
    return { body, end };
  }
}

/**
 * An event's data as sent: a failure's reason both as text in the request's language and as its
 * message key and parameters, which the browser puts in the page's own language (the stream can
 * only know the browser's Accept-Language); a note likewise.
 */
function localised(
  stored: string,
  lang: 'da' | 'en' | undefined,
): { status?: string; error?: string | null; errorReason?: unknown; note?: string | null; noteKey?: string | null } {
  const data = JSON.parse(stored) as {
    status?: string;
    error?: string | null;
    errorReason?: unknown;
    note?: string | null;
    noteKey?: string | null;
  };
  if ('error' in data) {
    const error = data.error ?? null;
    data.errorReason = errorReason(error);
    data.error = describeError(error, lang);
  }
  if ('note' in data) {
    const note = data.note ?? null;
    data.noteKey = note && isMessageKey(note) ? note : null;
    if (note && isMessageKey(note)) data.note = translate(note, lang);
  }
  return data;
}
