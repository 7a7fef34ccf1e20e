import type { Plan } from '../../../../shared/constants.ts';
import type { Db } from '../../../db/database.ts';

/** The only SQL for company brands. */

export interface BrandRow {
  colour: string | null;
  logoUploadId: string | null;
  heroUploadId: string | null;
  heroText: string | null;
  whiteLabel: boolean;
}

export const NO_BRAND: BrandRow = { colour: null, logoUploadId: null, heroUploadId: null, heroText: null, whiteLabel: false };

/** The company's brand (nothing set: NO_BRAND) and its plan, which decides whether white label applies. */
export async function findBrand(db: Db, organisationId: string): Promise<{ brand: BrandRow; plan: Plan } | undefined> {
  const row = await db
    .selectFrom('organisations as o')
    .leftJoin('organisation_brands as b', 'b.organisation_id', 'o.id')
    .select(['o.plan', 'b.colour', 'b.logo_upload_id', 'b.hero_upload_id', 'b.hero_text', 'b.white_label'])
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    plan: row.plan,
    brand: {
      colour: row.colour,
      logoUploadId: row.logo_upload_id,
      heroUploadId: row.hero_upload_id,
      heroText: row.hero_text,
      whiteLabel: row.white_label === 1,
    },
  };
}

type BrandChange = Partial<BrandRow>;

/** Writes what changed, making the company's row the first time. */
export async function saveBrand(db: Db, organisationId: string, change: BrandChange, now: string): Promise<void> {
  const values = {
    ...('colour' in change && { colour: change.colour ?? null }),
    ...('logoUploadId' in change && { logo_upload_id: change.logoUploadId ?? null }),
    ...('heroUploadId' in change && { hero_upload_id: change.heroUploadId ?? null }),
    ...('heroText' in change && { hero_text: change.heroText ?? null }),
    ...('whiteLabel' in change && { white_label: change.whiteLabel ? 1 : 0 }),
    updated_at: now,
  };
  await db
    .insertInto('organisation_brands')
    .values({ organisation_id: organisationId, white_label: 0, ...values })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
    .execute();
}
