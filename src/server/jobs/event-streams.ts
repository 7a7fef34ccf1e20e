import { PassThrough, type Readable } from 'node:stream';
import { isMessageKey, translate } from '../../shared/i18n/messages.ts';
import { FINISHED_JOB_STATUSES, type TJobStatus } from '../../shared/schemas/jobs.ts';
import type { Db } from '../db/database.ts';
import { eventsAfter } from './event-store.ts';
import { findJob } from './job-store.ts';
import { describeError } from './views.ts';

export interface EventStreamSettings {
  /** A comment line this often, so proxies and browsers keep an idle stream open (about 15 s). */
  heartbeatMs: number;
  /** How often the events table is read for new events (they may come from any instance). */
  pollMs: number;
}

/** How many events one read sends at most; a longer backlog is sent in several reads. */
const BATCH = 500;

/**
 * A job's events as Server-Sent Events. The events table is the only source, read
 * every pollMs: the worker that writes them may be another instance, and nothing is shared in
 * memory. A stream replays what came after the client's last event, follows live ones, sends a
 * heartbeat comment, and ends once the job has finished and all its events are sent — or when
 * this instance stops (closeAll), so a stop is not held up; the browser then reconnects with its
 * Last-Event-ID, to another instance or after the restart.
 */
export class JobEventStreams {
  private readonly open = new Set<() => void>();
  private closing = false;

  constructor(
    private readonly db: Db,
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
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(timer);
      this.open.delete(end);
      body.end();
    };
    this.open.add(end);
    const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), this.settings.heartbeatMs);
    // How long a browser waits before it reconnects; and something to flush the headers with.
    body.write('retry: 2000\n\n');

    const poll = async (): Promise<void> => {
      if (ended) return;
      // The status is read before the events: a job's finish is written with its last event, in
      // one transaction, so once it reads finished every event is already there to be sent.
      const job = await findJob(this.db, jobId);
      let events;
      do {
        events = await eventsAfter(this.db, jobId, last, BATCH);
        for (const event of events) {
          const data = JSON.parse(event.data) as { error?: string | null; note?: string | null };
          if ('error' in data) data.error = describeError(data.error ?? null, lang);
          if (data.note && isMessageKey(data.note)) data.note = translate(data.note, lang);
          body.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
          last = event.seq;
        }
      } while (events.length === BATCH && !ended);
      if (!job || FINISHED_JOB_STATUSES.includes(job.status as TJobStatus) || this.closing) return end();
      timer = setTimeout(() => void poll().catch(end), this.settings.pollMs);
    };
    void poll().catch(end);
    return { body, end };
  }
}
