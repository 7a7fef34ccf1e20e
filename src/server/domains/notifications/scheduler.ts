import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJobKind } from '../../jobs/kinds.ts';
import type { JobsService } from '../../jobs/service.ts';
import { pendingReminders } from './reminders.ts';
import type { NotificationsService } from './service.ts';

export const SCAN_KIND = 'notification-scan';

/** A company's reminders, told as a durable job: one step, which tells what is due when it runs. */
export function scanJobKind(db: Db, notifications: NotificationsService) {
  return defineJobKind<{ organisationId: string }>({
    name: SCAN_KIND,
    input: z.object({ organisationId: z.string() }),
    plan: (input) => [{ key: 'reminders', phase: 'reminders', input }],
    runStep: async (ctx) => {
      let told = 0;
      for (const event of await pendingReminders(db, new Date(), ctx.job.input.organisationId)) {
        if (await notifications.notify(event)) told += 1;
      }
      return { told };
    },
  });
}

/**
 * Looks for reminders every `intervalMs` on every instance; for each period exactly one instance
 * (the one whose row in scheduled_runs is new) starts a job per company with reminders due. The
 * job survives a restart like any other, and what it tells is keyed, so a job run twice (taken
 * over after a lost lease) tells nothing twice.
 */
export class NotificationScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'the reminders could not be looked for; they are at the next period'))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One look: claims the period, and when this instance has it, starts the companies' jobs. */
  async tick(now = new Date()): Promise<number> {
    const period = String(Math.floor(now.getTime() / this.intervalMs));
    const claimed = await this.db
      .insertInto('scheduled_runs')
      .values({ name: SCAN_KIND, period, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['name', 'period']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    // The claims of past days only take room.
    await this.db
      .deleteFrom('scheduled_runs')
      .where('name', '=', SCAN_KIND)
      .where('created_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString())
      .execute();
    const companies = [...new Set((await pendingReminders(this.db, now)).map((r) => r.organisationId))];
    for (const organisationId of companies) {
      await this.jobs.create({ kind: SCAN_KIND, organisationId, userId: null, input: { organisationId } });
    }
    return companies.length;
  }
}
