import { RETENTION_DEFAULTS, type TRetention, type TRetentionView } from '../../../shared/schemas/erasure.ts';
import type { Db } from '../../db/database.ts';

/** A company's retention settings; the defaults (keep everything, 14 days' grace) when it set none. */
export async function retentionOf(db: Db, organisationId: string): Promise<TRetentionView> {
  const row = await db.selectFrom('organisation_retention').selectAll().where('organisation_id', '=', organisationId).executeTakeFirst();
  if (!row) return { ...RETENTION_DEFAULTS, lastRunAt: null };
  return {
    inactiveLearnerMonths: row.inactive_learner_months,
    aiConversationMonths: row.ai_conversation_months,
    quizAnswerMonths: row.quiz_answer_months,
    logMonths: row.log_months,
    keepTrainingRecords: row.keep_training_records === 1,
    graceDays: row.grace_days,
    lastRunAt: row.last_run_at,
  };
}

export async function saveRetention(db: Db, organisationId: string, settings: TRetention, by: string, now: string): Promise<void> {
  const values = {
    inactive_learner_months: settings.inactiveLearnerMonths,
    ai_conversation_months: settings.aiConversationMonths,
    quiz_answer_months: settings.quizAnswerMonths,
    log_months: settings.logMonths,
    keep_training_records: settings.keepTrainingRecords ? 1 : 0,
    grace_days: settings.graceDays,
    updated_at: now,
    updated_by: by,
  };
  await db
    .insertInto('organisation_retention')
    .values({ organisation_id: organisationId, last_run_at: null, ...values })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
    .execute();
}

/** The companies that limit how long something is kept and have not had today's run (`dayStart`: today's first moment). */
export async function dueForRetention(db: Db, dayStart: string): Promise<{ organisationId: string }[]> {
  const rows = await db
    .selectFrom('organisation_retention')
    .select('organisation_id')
    .where((eb) =>
      eb.or([
        eb('inactive_learner_months', 'is not', null),
        eb('ai_conversation_months', 'is not', null),
        eb('quiz_answer_months', 'is not', null),
        eb('log_months', 'is not', null),
      ]),
    )
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', dayStart)]))
    .execute();
  return rows.map((r) => ({ organisationId: r.organisation_id }));
}
