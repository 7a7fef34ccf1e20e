import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import type { TRetention, TRetentionView } from '../../../../shared/schemas/erasure.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { actorOf, type AuditLog } from '../audit/log.ts';
import type { AuditPrune } from '../audit/prune.ts';
import type { ErasureService } from '../erasure/service.ts';
import { dueForRetention, retentionOf, saveRetention } from '../retention-settings.ts';

const adminOnly = () => new AppError('FORBIDDEN', 403, 'erasure.adminOnly');

/** The hours of the Copenhagen night the nightly run starts in: after the day's work, before the next. */
const NIGHT = { from: 2, to: 6 };

function copenhagenHour(at: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', hour: '2-digit', hourCycle: 'h23' }).format(at));
}

/** `months` calendar months before `now` (the 31st minus a month lands on the month's last day or the 1st after: either is fine here). */
function monthsBefore(now: Date, months: number): string {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at.toISOString();
}

const removed = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);

/**
 * How long a company keeps what it no longer needs, and the nightly run that applies it
 * (docs/decisions/053-erasure-and-retention.md): inactive learners erased, old AI conversations
 * deleted, old quiz answers emptied (the scores stay), the activity feed, read notifications and
 * sent e-mails deleted, and the audit log's entries as old, from the start of its chain, with a
 * signed checkpoint in their place. Each run records what it removed in the audit log.
 */
export class RetentionService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly erasure: ErasureService,
    private readonly clock: () => Date = () => new Date(),
    /** Prunes the audit log behind a signed checkpoint; without it (no signing key) the log is kept whole. */
    private readonly pruneAudit?: AuditPrune,
  ) {}

  /** GET /api/organisation/retention. */
  async get(actor: TUser): Promise<TRetentionView> {
    if (actor.role !== 'admin') throw adminOnly();
    return retentionOf(this.db, actor.organisationId);
  }

  /** PUT /api/organisation/retention. */
  async put(actor: TUser, settings: TRetention, ip: string): Promise<TRetentionView> {
    if (actor.role !== 'admin') throw adminOnly();
    const before = await retentionOf(this.db, actor.organisationId);
    await saveRetention(this.db, actor.organisationId, settings, actor.id, this.clock().toISOString());
    const { lastRunAt: _lastRunAt, ...was } = before;
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'retention.changed',
      target: { type: 'organisation', id: actor.organisationId },
      details: { before: was, after: settings },
    });
    return retentionOf(this.db, actor.organisationId);
  }

  /** The companies whose nightly run is due: in the Copenhagen night, not run in the last 12 hours. */
  async due(now: Date): Promise<{ organisationId: string }[]> {
    const hour = copenhagenHour(now);
    if (hour < NIGHT.from || hour >= NIGHT.to) return [];
    return dueForRetention(this.db, new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString());
  }

  /** Applies a company's retention at `now`; how many things it removed or emptied. */
  async run(now: Date, organisationId: string): Promise<number> {
    const settings = await retentionOf(this.db, organisationId);
    const counts: Record<string, number> = {};
    const add = (kind: string, n: number) => {
      if (n > 0) counts[kind] = (counts[kind] ?? 0) + n;
    };
    if (settings.inactiveLearnerMonths !== null) {
      const before = monthsBefore(now, settings.inactiveLearnerMonths);
      const inactive = await this.db
        .selectFrom('users')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('role', '=', 'learner')
        .where('erased_at', 'is', null)
        // The demo's learner is everyone's to try: its login is public, and it stays.
        .where('email', 'not in', DEMO_EMAILS)
        .where((eb) => eb(eb.fn.coalesce('last_login_at', 'created_at'), '<', before))
        .execute();
      for (const { id } of inactive) await this.erasure.eraseInactive(organisationId, id);
      add('inactiveLearners', await this.erasure.runDue(now, organisationId));
    }
    if (settings.aiConversationMonths !== null) {
      // Their messages go with them (the foreign key cascades).
      add(
        'aiConversations',
        removed(
          await this.db
            .deleteFrom('ai_conversations')
            .where('organisation_id', '=', organisationId)
            .where('updated_at', '<', monthsBefore(now, settings.aiConversationMonths))
            .executeTakeFirstOrThrow(),
        ),
      );
    }
    if (settings.quizAnswerMonths !== null) {
      const enrolments = this.db
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .select('e.id')
        .where('c.organisation_id', '=', organisationId);
      add(
        'quizAnswers',
        removed(
          await this.db
            .updateTable('quiz_attempts')
            .set({ answers: '{}', result: '[]' })
            .where('enrolment_id', 'in', enrolments)
            .where('created_at', '<', monthsBefore(now, settings.quizAnswerMonths))
            .where('result', '!=', '[]')
            .executeTakeFirstOrThrow(),
        ),
      );
    }
    if (settings.logMonths !== null) {
      const before = monthsBefore(now, settings.logMonths);
      add('logs', await this.pruneLogs(organisationId, before));
      if (this.pruneAudit) add('auditEntries', await this.pruneAudit(organisationId, before, now));
    }
    await this.db
      .updateTable('organisation_retention')
      .set({ last_run_at: now.toISOString() })
      .where('organisation_id', '=', organisationId)
      .execute();
    await this.audit.record({
      organisationId,
      actor: null,
      action: 'retention.run',
      target: { type: 'organisation', id: organisationId },
      details: { removed: counts },
    });
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  private async pruneLogs(organisationId: string, before: string): Promise<number> {
    let n = removed(
      await this.db
        .deleteFrom('activity')
        .where('organisation_id', '=', organisationId)
        .where('created_at', '<', before)
        .executeTakeFirstOrThrow(),
    );
    n += removed(
      await this.db
        .deleteFrom('notifications')
        .where('organisation_id', '=', organisationId)
        .where('read_at', 'is not', null)
        .where('created_at', '<', before)
        .executeTakeFirstOrThrow(),
    );
    const mails = this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('status', 'in', ['sent', 'kept'])
      .where('created_at', '<', before);
    await this.db.deleteFrom('mail_attachments').where('mail_id', 'in', mails).execute();
    n += removed(
      await this.db
        .deleteFrom('mail_outbox')
        .where('organisation_id', '=', organisationId)
        .where('status', 'in', ['sent', 'kept'])
        .where('created_at', '<', before)
        .executeTakeFirstOrThrow(),
    );
    return n;
  }
}
