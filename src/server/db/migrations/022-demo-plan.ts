import { sql, type Kysely } from 'kysely';
import { DEMO_ACCOUNT } from '../../../shared/demo.ts';

/**
 * A company past its trial turns read-only (ADR 026). The seeded demo company was
 * stored on a trial that ended 14 days after seeding, so every visitor would meet a read-only demo
 * from then on. It now has Professional (what the trial behaves as) without an end, as a fresh seed
 * gives it. Only a demo company still on its trial is touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update organisations set plan = 'professional' where plan = 'trial' and cvr = ${DEMO_ACCOUNT.cvrNumber} and email = ${DEMO_ACCOUNT.email}`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update organisations set plan = 'trial' where plan = 'professional' and plan_paid_until is null and cvr = ${DEMO_ACCOUNT.cvrNumber} and email = ${DEMO_ACCOUNT.email}`.execute(
    db,
  );
}
