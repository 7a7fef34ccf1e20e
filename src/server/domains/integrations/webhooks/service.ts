import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../../../shared/constants.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type {
  TCreateWebhookRequest,
  TUpdateWebhookRequest,
  TWebhook,
  TWebhookCreated,
  TWebhookDelivery,
  WebhookEvent,
} from '../../../../shared/schemas/webhooks.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { mayReach } from '../../../security/outbound.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { newId } from '../../../security/tokens.ts';
import { assertNotDemo } from '../../identity/index.ts';
import { actorOf, type AuditLog } from '../../privacy/index.ts';
import * as repo from './repository.ts';
import type { WebhookSender } from './sender.ts';

const MAX_WEBHOOKS = 10;
const SECRET_PREFIX = 'whsec_';
/** How much of a secret the list shows: the prefix and four characters. */
const SHOWN_LENGTH = SECRET_PREFIX.length + 4;

const adminOnly = (actor: TUser) => {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'webhooks.adminOnly');
};

const eventsOf = (stored: string): WebhookEvent[] => {
  const parsed = JSON.parse(stored) as unknown;
  return Array.isArray(parsed) ? WEBHOOK_EVENTS.filter((event) => parsed.includes(event)) : [];
};

const toWebhook = (row: repo.WebhookRow): TWebhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  active: row.active === 1,
  createdAt: row.created_at,
  secretPrefix: row.secret_prefix,
});

const toDelivery = (row: repo.DeliveryRow): TWebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  // Only the sender's own events are ever stored.
  event: row.event as TWebhookDelivery['event'],
  status: row.status,
  attempts: Number(row.attempts),
  responseStatus: row.response_status === null ? null : Number(row.response_status),
  responseBody: row.response_body,
  error: row.last_error,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
  nextAttemptAt: row.next_attempt_at,
});

/**
 * A company's outgoing webhooks (docs/decisions/062-webhooks.md): an admin registers an address and
 * the events it hears, gets the signing secret once, pauses, changes or deletes it, reads its
 * delivery log, sends a test and tries a failed delivery again.
 */
export class Webhooks {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly audit: AuditLog,
    private readonly sender: WebhookSender,
    private readonly allowPrivate: boolean,
  ) {}

  async list(actor: TUser): Promise<TWebhook[]> {
    adminOnly(actor);
    return (await repo.listWebhooks(this.db, actor.organisationId)).map(toWebhook);
  }

  async create(actor: TUser, request: TCreateWebhookRequest, ip: string): Promise<TWebhookCreated> {
    adminOnly(actor);
    assertNotDemo(actor);
    this.assertReachable(request.url);
    if ((await repo.countWebhooks(this.db, actor.organisationId)) >= MAX_WEBHOOKS)
      throw new AppError('TOO_MANY_WEBHOOKS', 409, 'webhooks.tooMany', { params: { max: MAX_WEBHOOKS } });
    const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = new Date().toISOString();
    const row: repo.WebhookRow = {
      id: newId(),
      organisation_id: actor.organisationId,
      url: request.url,
      events: JSON.stringify(WEBHOOK_EVENTS.filter((e) => request.events.includes(e))),
      secret: await this.sealer.seal(secret),
      secret_prefix: secret.slice(0, SHOWN_LENGTH),
      active: 1,
      created_at: now,
      updated_at: now,
    };
    await repo.insertWebhook(this.db, row);
    await this.record(actor, ip, 'webhook.created', row.id, { url: row.url, events: eventsOf(row.events) });
    return { webhook: toWebhook(row), secret };
  }

  async update(actor: TUser, id: string, change: TUpdateWebhookRequest, ip: string): Promise<TWebhook> {
    adminOnly(actor);
    const before = await this.find(actor, id);
    if (change.url !== undefined) this.assertReachable(change.url);
    const set = {
      ...(change.url !== undefined && { url: change.url }),
      ...(change.events && { events: JSON.stringify(WEBHOOK_EVENTS.filter((e) => change.events!.includes(e))) }),
      ...(change.active !== undefined && { active: change.active ? 1 : 0 }),
    };
    await repo.updateWebhook(this.db, id, { ...set, updated_at: new Date().toISOString() });
    const after = await this.find(actor, id);
    await this.record(actor, ip, 'webhook.changed', id, {
      url: after.url,
      ...(after.url !== before.url && { before: before.url }),
      events: eventsOf(after.events),
      active: after.active === 1,
    });
    // Resumed: what waited for it is due now.
    if (after.active === 1 && before.active === 0) this.sender.wake();
    return toWebhook(after);
  }

  async remove(actor: TUser, id: string, ip: string): Promise<void> {
    adminOnly(actor);
    const webhook = await this.find(actor, id);
    if (!(await repo.deleteWebhook(this.db, actor.organisationId, id))) throw notFound();
    await this.record(actor, ip, 'webhook.deleted', id, { url: webhook.url });
  }

  async deliveries(actor: TUser, id: string): Promise<TWebhookDelivery[]> {
    adminOnly(actor);
    await this.find(actor, id);
    return (await repo.listDeliveries(this.db, id)).map(toDelivery);
  }

  /** Sends a test event to this webhook now, once, and answers how it went; it is in the log like any delivery. */
  async test(actor: TUser, id: string): Promise<TWebhookDelivery> {
    adminOnly(actor);
    const webhook = await this.find(actor, id);
    const now = new Date().toISOString();
    const eventId = `evt_${newId()}`;
    const delivery: repo.DeliveryRow = {
      id: newId(),
      webhook_id: webhook.id,
      organisation_id: webhook.organisation_id,
      event_id: eventId,
      event_key: `${WEBHOOK_TEST_EVENT}:${eventId}`,
      event: WEBHOOK_TEST_EVENT,
      user_id: null,
      payload: JSON.stringify({
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        createdAt: now,
        companyId: webhook.organisation_id,
        data: { webhook: { id: webhook.id, url: webhook.url } },
      }),
      ...this.sender.leasedNow(),
      response_status: null,
      response_body: null,
      last_error: null,
      created_at: now,
      delivered_at: null,
    };
    await repo.insertDelivery(this.db, delivery);
    const sent = await this.sender.sendNow(delivery);
    if (!sent) throw notFound();
    return toDelivery(sent);
  }

  /** A failed delivery gets one more attempt now. */
  async retry(actor: TUser, id: string, deliveryId: string): Promise<TWebhookDelivery> {
    adminOnly(actor);
    await this.find(actor, id);
    const delivery = await repo.findDelivery(this.db, id, deliveryId);
    if (!delivery) throw new AppError('NOT_FOUND', 404, 'webhooks.deliveryNotFound');
    if (!(await repo.requeue(this.db, deliveryId, new Date().toISOString())))
      throw new AppError('DELIVERY_NOT_FAILED', 409, 'webhooks.notFailed');
    this.sender.wake();
    const requeued = await repo.findDelivery(this.db, id, deliveryId);
    if (!requeued) throw notFound();
    return toDelivery(requeued);
  }

  private async find(actor: TUser, id: string): Promise<repo.WebhookRow> {
    const webhook = await repo.findWebhook(this.db, actor.organisationId, id);
    if (!webhook) throw notFound();
    return webhook;
  }

  private assertReachable(url: string): void {
    if (!mayReach(url, this.allowPrivate))
      throw new AppError('URL_REFUSED', 400, 'webhooks.urlRefused', { fields: { url: 'webhooks.urlRefused' } });
  }

  private async record(actor: TUser, ip: string, action: string, id: string, details: Record<string, unknown>): Promise<void> {
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action,
      target: { type: 'webhook', id },
      details,
    });
  }
}

const notFound = () => new AppError('NOT_FOUND', 404, 'webhooks.notFound');
