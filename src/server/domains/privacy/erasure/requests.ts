import type { MessageKey } from '../../../../shared/i18n/messages.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { ErasureRequestsTable } from '../../../db/schema-privacy.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { retentionOf } from '../retention-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records a pending erasure of a person (`userId`) or of the whole company (null), due after the
 * company's grace period (at once for the retention job's). One pending per person and one per
 * company (partial unique indexes): a second answers 409 with `pending`.
 */
export async function insertErasureRequest(
  db: Db,
  request: {
    organisationId: string;
    userId: string | null;
    kind: ErasureRequestsTable['kind'];
    requestedBy: string | null;
    previousDeactivatedAt?: string | null;
    now: Date;
  },
  pending: MessageKey,
): Promise<ErasureRequestsTable> {
  const { graceDays } = await retentionOf(db, request.organisationId);
  const row: ErasureRequestsTable = {
    id: newId(),
    organisation_id: request.organisationId,
    user_id: request.userId,
    kind: request.kind,
    status: 'pending',
    requested_by: request.requestedBy,
    requested_at: request.now.toISOString(),
    due_at: new Date(request.now.getTime() + (request.kind === 'retention' ? 0 : graceDays) * DAY_MS).toISOString(),
    previous_deactivated_at: request.previousDeactivatedAt ?? null,
    cancelled_at: null,
    cancelled_by: null,
    done_at: null,
    summary: null,
  };
  try {
    await db.insertInto('erasure_requests').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ERASURE_PENDING', 409, pending);
    throw error;
  }
  return row;
}

/** The companies with an erasure due at `now`, of a person or of the whole company: what the periodic work looks at. */
export async function companiesWithErasuresDue(db: Db, now: Date): Promise<{ organisationId: string }[]> {
  const rows = await db
    .selectFrom('erasure_requests')
    .select('organisation_id')
    .distinct()
    .where('status', '=', 'pending')
    .where('due_at', '<=', now.toISOString())
    .execute();
  return rows.map((r) => ({ organisationId: r.organisation_id }));
}
