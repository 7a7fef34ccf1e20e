import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJobKind } from '../../jobs/kinds.ts';
import type { JobsService } from '../../jobs/service.ts';
import { pendingDigests } from './digest.ts';
import { pendingReminders } from './reminders.ts';
import type { NotificationsService } from './service.ts';
import { pendingTrialNotices } from './trial.ts';
import { pendingWeeklyRecipients, pendingWeeklySummaries } from './weekly.ts';

export const SCAN_KIND = 'notification-scan';

/**
 * The periodic work other domains give the scan. Compliance: courses assigned again before their
 * certificates expire (renewals, first of a company's steps, so what it assigns is reminded of in
 * the same run); managers told of their people who fell behind; the monthly report to managers.
 * Privacy: each company's audit chain head signed (at most hourly), so a rewritten chain shows;
 * copies of data removed once their 7 days are over; erasures whose grace period has passed
 * carried out; each company's retention applied nightly.
 */
const DOMAIN_WORK = ['renewals', 'team-overdue', 'compliance-report', 'audit-heads', 'exports-expired', 'erasures', 'retention'] as const;
type DomainWorkName = (typeof DOMAIN_WORK)[number];

/** The kinds of periodic work a company's scan job does, one step each. */
const SCAN_WORK = ['reminders', 'trial', 'digest', 'weekly', ...DOMAIN_WORK] as const;
type ScanWork = (typeof SCAN_WORK)[number];

/** One kind of periodic work another domain does in the scan. */
export interface PeriodicWork {
  /** The companies with work due at `now`. */
  pending: (now: Date) => Promise<readonly { organisationId: string }[]>;
  /** Does a company's due work; how much it did. */
  run: (now: Date, organisationId: string) => Promise<number>;
}

/** The other domains' periodic work, by name (what a domain does not give, it does not do). */
export type DomainWork = Partial<Record<DomainWorkName, PeriodicWork>>;

const isDomainWork = (work: ScanWork): work is DomainWorkName => (DOMAIN_WORK as readonly string[]).includes(work);

/** Who has something of a kind due at `now`, for one company or all: what the scheduler looks at. */
const PENDING: Record<Exclude<ScanWork, DomainWorkName>, (db: Db, now: Date) => Promise<readonly { organisationId: string }[]>> = {
  reminders: pendingReminders,
  trial: pendingTrialNotices,
  digest: pendingDigests,
  weekly: pendingWeeklyRecipients,
};

/** Tells a company's pending work of one kind; how many were told. */
async function tell(
  db: Db,
  notifications: NotificationsService,
  domains: DomainWork,
  work: ScanWork,
  now: Date,
  organisationId: string,
): Promise<number> {
  if (isDomainWork(work)) return (await domains[work]?.run(now, organisationId)) ?? 0;
  let told = 0;
  if (work === 'digest') {
    for (const digest of await pendingDigests(db, now, organisationId)) {
      if (await notifications.sendDigest(digest.userId, digest.day)) told += 1;
    }
    return told;
  }
  const events =
    work === 'reminders'
      ? await pendingReminders(db, now, organisationId)
      : work === 'trial'
        ? await pendingTrialNotices(db, now, organisationId)
        : await pendingWeeklySummaries(db, now, organisationId);
  for (const event of events) {
    if (await notifications.notify(event)) told += 1;
  }
  return told;
}

const ScanInput = z.object({
  organisationId: z.string(),
  /** When the scheduler found the work (ISO). */
  at: z.iso.datetime().optional(),
  /** What it found; a job made before there was other work than reminders has none. */
  work: z.array(z.enum(SCAN_WORK)).min(1).optional(),
});

/**
 * A company's periodic notifications, told as a durable job: one step per kind of work the
 * scheduler found, each telling what is due when it runs.
 */
export function scanJobKind(db: Db, notifications: NotificationsService, domains: DomainWork = {}) {
  return defineJobKind<z.infer<typeof ScanInput>>({
    name: SCAN_KIND,
    input: ScanInput,
    // Renewals first: the courses they assign again are reminded of by the steps after.
    plan: (input) =>
      (input.work ?? ['reminders'])
        .toSorted((a, b) => Number(b === 'renewals') - Number(a === 'renewals'))
        .map((work) => ({ key: work, phase: work, input })),
    runStep: async (ctx) => {
      const { organisationId, at } = ctx.job.input;
      // The later of the scan's time and the step's: what the scheduler saw due is due here too,
      // even when this instance's clock is a little behind the scheduler's (or a test's clock is
      // set to a Monday morning).
      const now = new Date(Math.max(Date.now(), at ? Date.parse(at) : 0));
      return { told: await tell(db, notifications, domains, ctx.step.key as ScanWork, now, organisationId) };
    },
  });
}

/**
 * Looks for due notifications (reminders, the trial's end, digests, weekly summaries, and the other
 * domains' periodic work) every `intervalMs` on every instance; for each period exactly one
 * instance (the one whose row in scheduled_runs is new) starts a job per company with work due,
 * one step per kind of work. The job survives a restart like any other, and what it tells is
 * keyed, so a job run twice (taken over after a lost lease) tells nothing twice.
 */
export class NotificationScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    /** The time now (a test sets it to a Monday morning). */
    private readonly clock: () => Date = () => new Date(),
    private readonly domains: DomainWork = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.log.error({ err: error }, 'the notifications due could not be looked for; they are at the next period'),
        )
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One look: claims the period, and when this instance has it, starts the jobs of the companies with work due. */
  async tick(now = this.clock()): Promise<number> {
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
    const due = new Map<string, Set<ScanWork>>();
    for (const work of SCAN_WORK) {
      const pending = isDomainWork(work) ? ((await this.domains[work]?.pending(now)) ?? []) : await PENDING[work](this.db, now);
      for (const { organisationId } of pending) {
        due.set(organisationId, (due.get(organisationId) ?? new Set()).add(work));
      }
    }
    // A company whose last scan job has not run yet gets no other: it would find the same work
    // and, after the first, nothing left to tell.
    const waiting = await this.db
      .selectFrom('ai_jobs')
      .select('organisation_id')
      .where('kind', '=', SCAN_KIND)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    for (const { organisation_id } of waiting) due.delete(organisation_id);
    for (const [organisationId, work] of due) {
      await this.jobs.create({
        kind: SCAN_KIND,
        organisationId,
        userId: null,
        input: { organisationId, at: now.toISOString(), work: SCAN_WORK.filter((w) => work.has(w)) },
      });
    }
    return due.size;
  }
}
