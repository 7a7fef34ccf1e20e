import type { Db } from '../../../db/database.ts';

type Num = number | string | bigint;
const exists = async (query: Promise<{ n: Num } | undefined>) => Number((await query)?.n ?? 0) > 0;

/** What the checklist reads of a company (and of one instructor's own courses, when `ownerId` is given). */
export async function onboardingFacts(db: Db, organisationId: string, userId: string, ownerId: string | null) {
  const courses = () => {
    let query = db.selectFrom('courses').where('organisation_id', '=', organisationId);
    if (ownerId) query = query.where('owner_id', '=', ownerId);
    return query;
  };
  const [org, anyCourse, published, colleagues, invited, dismissed, branded] = await Promise.all([
    db
      .selectFrom('organisations')
      .select(['verified', 'registry_email', 'subdomain'])
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow(),
    exists(
      courses()
        .select((s) => s.fn.countAll<Num>().as('n'))
        .executeTakeFirst(),
    ),
    exists(
      courses()
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('status', '=', 'published')
        .executeTakeFirst(),
    ),
    exists(
      db
        .selectFrom('users')
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('id', '!=', userId)
        .executeTakeFirst(),
    ),
    exists(
      db
        .selectFrom('invitations')
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst(),
    ),
    exists(
      db
        .selectFrom('onboarding_dismissals')
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),
    // A logo or a colour of its own: the site wears the company's brand.
    exists(
      db
        .selectFrom('organisation_brands')
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where((eb) => eb.or([eb('colour', 'is not', null), eb('logo_upload_id', 'is not', null)]))
        .executeTakeFirst(),
    ),
  ]);
  return { org, anyCourse, published, colleague: colleagues || invited, dismissed, branded };
}

/** Puts the checklist away for the person; doing it twice keeps the first time. */
export async function dismissOnboarding(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('onboarding_dismissals')
    .values({ user_id: userId, dismissed_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
