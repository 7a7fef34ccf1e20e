import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../security/tokens.ts';

/** Who holds a lease on a queued row: host, process and a random part (two apps in one process differ). */
export function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
}

/**
 * The loop behind a durable queue kept in a table (the mail outbox, webhook deliveries): every
 * `pollMs`, and whenever woken, it runs `next` until that says nothing was left. One run at a time
 * per loop; a wake during a run makes another run after it. What `next` claims and how is the
 * queue's own (a lease on the row, so of two instances one takes it).
 */
export class DrainLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    /** Handles one due item; false when there was none. */
    private readonly next: () => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
    /** What the log calls the queue when it cannot be read. */
    private readonly name: string,
  ) {}

  start(pollMs: number): void {
    const schedule = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.wake();
        schedule();
      }, pollMs);
      this.timer.unref();
    };
    schedule();
    this.wake();
  }

  /** Look at the queue now. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, `the ${this.name} could not be read; it is tried again at the next poll`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.next()));
  }
}
