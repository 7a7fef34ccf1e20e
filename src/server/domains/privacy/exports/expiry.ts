import type { Db } from '../../../db/database.ts';
import type { Storage } from '../../../storage/index.ts';

/** The same shape as the notification scan's periodic work; structural, so nothing is imported from it. */
export interface ExportsExpiryWork {
  pending: (now: Date) => Promise<readonly { organisationId: string }[]>;
  run: (now: Date, organisationId: string) => Promise<number>;
}

/**
 * Removes ready exports' files once their 7 days are over and marks them expired: the notification
 * scan runs it as its 'exports-expired' work. The file goes first; a row whose file could not be
 * removed stays ready, so the next scan tries again.
 */
export class ExportsExpiry {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  async pending(now: Date): Promise<{ organisationId: string }[]> {
    return this.db
      .selectFrom('data_exports')
      .select('organisation_id as organisationId')
      .distinct()
      .where('status', '=', 'ready')
      .where('expires_at', '<=', now.toISOString())
      .execute();
  }

  async run(now: Date, organisationId: string): Promise<number> {
    const due = await this.db
      .selectFrom('data_exports')
      .select(['id', 'storage_key'])
      .where('organisation_id', '=', organisationId)
      .where('status', '=', 'ready')
      .where('expires_at', '<=', now.toISOString())
      .execute();
    for (const row of due) {
      if (row.storage_key) await this.storage.delete(row.storage_key);
      await this.db
        .updateTable('data_exports')
        .set({ status: 'expired', storage_key: null })
        .where('id', '=', row.id)
        .where('status', '=', 'ready')
        .execute();
    }
    return due.length;
  }

  /** As the scan takes it. */
  get work(): ExportsExpiryWork {
    return { pending: (now) => this.pending(now), run: (now, id) => this.run(now, id) };
  }
}
