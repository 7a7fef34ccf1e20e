import { sql, type Insertable, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AiUsageTable, Database } from '../db/schema.ts';

/**
 * AI usage rows and the company's monthly tokens (migration 028): the only SQL of the
 * metering. Every change to a month's tokens is one statement on its row, so parallel runs on any
 * number of instances see each other's.
 */

type Executor = Db | Transaction<Database>;

export type UsageRow = Insertable<AiUsageTable>;

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** A company's runs and tokens since `from` (ISO, inclusive). Sums come back as text on PostgreSQL. */
export async function usageSince(db: Db, organisationId: string, from: string): Promise<UsageTotals> {
  const row = await db
    .selectFrom('ai_usage')
    .where('organisation_id', '=', organisationId)
    .where('created_at', '>=', from)
    .select((s) => [
      s.fn.countAll<number | string>().as('calls'),
      s.fn.sum<number | string | null>('input_tokens').as('input'),
      s.fn.sum<number | string | null>('output_tokens').as('output'),
    ])
    .executeTakeFirstOrThrow();
  return { calls: Number(row.calls), inputTokens: Number(row.input ?? 0), outputTokens: Number(row.output ?? 0) };
}

/** The month's row and what `ai_usage` holds for it (`from` is its first instant). */
interface MonthKey {
  organisationId: string;
  month: string;
  from: string;
}

/**
 * Creates the company's row for the month when it has none, holding the tokens `ai_usage` already
 * has for it (the month under way when the table arrived, or usage written by other means); a row
 * that exists is left alone, so this may be called by any number of runs at once.
 */
async function ensureMonth(db: Executor, key: MonthKey): Promise<void> {
  await sql`insert into ai_token_months (organisation_id, month, used_tokens, reserved_tokens)
    select cast(${key.organisationId} as text), cast(${key.month} as text), coalesce(sum(input_tokens + output_tokens), 0), 0
    from ai_usage where organisation_id = ${key.organisationId} and created_at >= ${key.from}
    on conflict (organisation_id, month) do nothing`.execute(db);
}

/** Gives a reservation's tokens back to its month, once: a second release (or the reaper) finds no row. */
async function releaseIn(trx: Transaction<Database>, id: string): Promise<void> {
  const gone = await takeReservation(trx, id);
  if (gone) await giveBack(trx, gone);
}

function takeReservation(trx: Transaction<Database>, id: string) {
  return trx.deleteFrom('ai_token_reservations').where('id', '=', id).returning(['organisation_id', 'month', 'tokens']).executeTakeFirst();
}

async function giveBack(
  trx: Transaction<Database>,
  gone: { organisation_id: string; month: string; tokens: number | string },
): Promise<void> {
  await trx
    .updateTable('ai_token_months')
    .set((eb) => ({ reserved_tokens: eb('reserved_tokens', '-', Number(gone.tokens)) }))
    .where('organisation_id', '=', gone.organisation_id)
    .where('month', '=', gone.month)
    .execute();
}

/** Gives back the company's reservations that outlived their run (an instance that died mid-run). */
async function reapExpired(trx: Transaction<Database>, organisationId: string, now: string): Promise<void> {
  const gone = await trx
    .deleteFrom('ai_token_reservations')
    .where('organisation_id', '=', organisationId)
    .where('expires_at', '<', now)
    .returning(['month', 'tokens'])
    .execute();
  const byMonth = new Map<string, number>();
  for (const row of gone) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + Number(row.tokens));
  for (const [month, tokens] of byMonth) {
    await trx
      .updateTable('ai_token_months')
      .set((eb) => ({ reserved_tokens: eb('reserved_tokens', '-', tokens) }))
      .where('organisation_id', '=', organisationId)
      .where('month', '=', month)
      .execute();
  }
}

/**
 * Reserves `tokens` of the month for one run if the company is still under its quota, counting
 * what is metered and what runs under way have reserved: one conditional UPDATE of the month's
 * row, which concurrent reservations take in turn (a row lock on PostgreSQL, the single writer on
 * SQLite). False when the company is at or past the quota.
 */
export async function reserveTokens(
  db: Db,
  key: MonthKey & { id: string; tokens: number; quota: number; expiresAt: string; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await reapExpired(trx, key.organisationId, key.now);
    // The reservation's row first and the month's row last: every run of the company updates that
    // one row, and holds its lock from that statement to the commit, so it is taken as late as can be.
    await trx
      .insertInto('ai_token_reservations')
      .values({ id: key.id, organisation_id: key.organisationId, month: key.month, tokens: key.tokens, expires_at: key.expiresAt })
      .execute();
    const take = () =>
      trx
        .updateTable('ai_token_months')
        .set((eb) => ({ reserved_tokens: eb('reserved_tokens', '+', key.tokens) }))
        .where('organisation_id', '=', key.organisationId)
        .where('month', '=', key.month)
        .where((eb) => eb(eb('used_tokens', '+', eb.ref('reserved_tokens')), '<', key.quota))
        .returning('month')
        .executeTakeFirst();
    // No row yet this month: make it, then try again.
    let taken = await take();
    if (!taken) {
      await ensureMonth(trx, key);
      taken = await take();
    }
    if (taken) return true;
    await trx.deleteFrom('ai_token_reservations').where('id', '=', key.id).execute();
    return false;
  });
}

/** Gives a reservation back unused (the run never started). */
export async function releaseTokens(db: Db, id: string): Promise<void> {
  await db.transaction().execute((trx) => releaseIn(trx, id));
}

/**
 * Settles a run: its reservation (if any) is given back and its metered tokens are added to the
 * month it ended in, together with its usage row, in one transaction.
 */
export async function settleUsage(db: Db, reservationId: string | null, key: MonthKey, row: UsageRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The usage row and the reservation first, the month's row (which all the company's runs
    // update, holding its lock until they commit) in one statement last.
    await trx.insertInto('ai_usage').values(row).execute();
    const gone = reservationId ? await takeReservation(trx, reservationId) : undefined;
    let released = 0;
    if (gone && gone.organisation_id === key.organisationId && gone.month === key.month) released = Number(gone.tokens);
    // A run that began in the month before gives its reservation back there.
    else if (gone) await giveBack(trx, gone);
    const tokens = Number(row.input_tokens ?? 0) + Number(row.output_tokens ?? 0);
    if (tokens === 0 && released === 0) return;
    const updated = await trx
      .updateTable('ai_token_months')
      .set((eb) => ({ used_tokens: eb('used_tokens', '+', tokens), reserved_tokens: eb('reserved_tokens', '-', released) }))
      .where('organisation_id', '=', key.organisationId)
      .where('month', '=', key.month)
      .executeTakeFirst();
    // No row for the month yet (so nothing was reserved in it): it is made from ai_usage, which
    // already holds this run's row, so the run is counted once.
    if (Number(updated.numUpdatedRows) === 0) await ensureMonth(trx, key);
  });
}
