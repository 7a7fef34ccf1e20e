import type { Db } from '../../../db/database.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../../db/schema-integrations.ts';

/** The only SQL of webhooks. */

/** How many deliveries a webhook's log lists, newest first. */
const LOGGED = 50;

export type WebhookRow = WebhooksTable;
export type DeliveryRow = WebhookDeliveriesTable;

export async function listWebhooks(db: Db, organisationId: string): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at', 'desc').execute();
}

export async function findWebhook(db: Db, organisationId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
}

export async function webhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countWebhooks(db: Db, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(db: Db, id: string, set: Partial<Pick<WebhookRow, 'url' | 'events' | 'active' | 'updated_at'>>) {
  await db.updateTable('webhooks').set(set).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Db, organisationId: string, id: string): Promise<boolean> {
  // Its deliveries go with it (the foreign key cascades); one being sent now finds its row gone.
  const result = await db.deleteFrom('webhooks').where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The company's active webhooks; which of them hear an event is the caller's to say. */
export async function activeWebhooks(db: Db, organisationId: string) {
  return db.selectFrom('webhooks').select(['id', 'events']).where('organisation_id', '=', organisationId).where('active', '=', 1).execute();
}

/** Queues a delivery; false when this webhook was told of this event before. */
export async function insertDelivery(
  db: Db,
  row: Omit<DeliveryRow, 'lease_owner' | 'lease_until' | 'response_status' | 'response_body' | 'last_error' | 'delivered_at'>,
) {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['webhook_id', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function listDeliveries(db: Db, webhookId: string): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOGGED)
    .execute();
}

export async function findDelivery(db: Db, webhookId: string, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('id', '=', id).executeTakeFirst();
}

/** A failed delivery queued for one more attempt now; false when it was not (or no longer) failed. */
export async function requeue(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'queued', next_attempt_at: at })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Drops the log's deliveries that ended before `before`. */
export async function pruneDeliveries(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
