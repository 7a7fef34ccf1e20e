import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { DrainLoop, leaseOwner } from '../../../queue/drain-loop.ts';
import { due, takeLease } from '../../../queue/lease.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { postOutbound } from '../../../security/outbound.ts';
import * as repo from './repository.ts';

/** Attempts in all before a delivery is given up (with retryMs 30 s: the last about 45 hours after the first). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long a sending instance holds a delivery; past it, another may send it (the first is gone). */
const LEASE_MS = 60_000;
/** A receiver has this long to answer. */
const TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the log keeps. */
const KEEP_BYTES = 1000;
/** How long the delivery log keeps what ended. */
const LOG_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * `Kursa-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 under the webhook's secret of the
 * seconds, a full stop and the body as sent, so a receiver checks the body is ours and fresh.
 */
export function signature(secret: string, body: string, at: number): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

export interface SenderOptions {
  db: Db;
  sealer: Sealer;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  /** The first retry's wait; each next one waits four times longer. */
  retryMs: number;
}

type Outcome = { status: number; body: string } | { error: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers queued webhook events like the mail outbox sends mail (docs/decisions/062-webhooks.md):
 * an instance leases a due delivery, POSTs it signed, and marks it delivered on a 2xx; anything
 * else is tried again after retryMs, then four times longer each time, up to
 * WEBHOOK_MAX_ATTEMPTS. A delivery is marked delivered only by the instance still holding it.
 */
export class WebhookSender {
  private readonly owner = leaseOwner();
  private readonly loop: DrainLoop;
  private pruned = 0;

  constructor(private readonly options: SenderOptions) {
    this.loop = new DrainLoop(
      async () => {
        await this.prune();
        const delivery = await this.claim();
        if (delivery) await this.deliver(delivery, true);
        return delivery !== undefined;
      },
      options.log,
      'webhook queue',
    );
  }

  start(pollMs = Math.min(2000, this.options.retryMs)): void {
    this.loop.start(pollMs);
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Sends a delivery this instance holds now (a test), once, and answers it as it ended. */
  async sendNow(delivery: repo.DeliveryRow): Promise<repo.DeliveryRow | undefined> {
    await this.deliver({ ...delivery, lease_owner: this.owner }, false);
    // Gone when the webhook was deleted meanwhile.
    return repo.findDelivery(this.options.db, delivery.webhook_id, delivery.id);
  }

  /** The fields a delivery sent now starts with: leased by this instance, its first attempt. */
  leasedNow(): Pick<repo.DeliveryRow, 'status' | 'attempts' | 'lease_owner' | 'lease_until' | 'next_attempt_at'> {
    return {
      status: 'sending',
      attempts: 1,
      lease_owner: this.owner,
      lease_until: new Date(Date.now() + LEASE_MS).toISOString(),
      next_attempt_at: null,
    };
  }

  private async claim(): Promise<repo.DeliveryRow | undefined> {
    const { db } = this.options;
    const now = new Date();
    const lease = { owner: this.owner, at: now.toISOString(), until: new Date(now.getTime() + LEASE_MS).toISOString() };
    const candidates = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select('d.id')
      .where('w.active', '=', 1)
      .where(due(lease.at))
      .orderBy('d.next_attempt_at')
      .limit(5)
      .execute();
    for (const { id } of candidates) {
      const row = await takeLease(db, 'webhook_deliveries', id, lease);
      if (row) return row;
    }
    return undefined;
  }

  private async attempt(delivery: repo.DeliveryRow): Promise<Outcome> {
    const webhook = await repo.webhookById(this.options.db, delivery.webhook_id);
    if (!webhook) return { error: 'the webhook was deleted' };
    try {
      const secret = await this.options.sealer.open(webhook.secret);
      const headers = {
        'Content-Type': 'application/json',
        'User-Agent': 'Kursa-Webhooks/1',
        'Kursa-Event': delivery.event,
        'Kursa-Delivery': delivery.id,
        'Kursa-Signature': signature(secret, delivery.payload, Math.floor(Date.now() / 1000)),
      };
      return await postOutbound(webhook.url, delivery.payload, headers, {
        allowPrivate: this.options.allowPrivate,
        timeoutMs: TIMEOUT_MS,
        keepBytes: KEEP_BYTES,
      });
    } catch (error) {
      return { error: errorText(error) };
    }
  }

  private async deliver(delivery: repo.DeliveryRow, retry: boolean): Promise<void> {
    const { db, log, retryMs } = this.options;
    const outcome = await this.attempt(delivery);
    const answered = 'status' in outcome ? { response_status: outcome.status, response_body: outcome.body, last_error: null } : null;
    const ok = answered !== null && answered.response_status >= 200 && answered.response_status < 300;
    const attempts = Number(delivery.attempts);
    const again = !ok && retry && attempts < WEBHOOK_MAX_ATTEMPTS;
    if (!ok)
      log.warn(
        {
          delivery: delivery.id,
          webhook: delivery.webhook_id,
          attempts,
          answer: answered?.response_status,
          error: answered ? undefined : outcome,
        },
        again ? 'a webhook delivery failed; it is tried again later' : 'a webhook delivery failed and is given up',
      );
    await db
      .updateTable('webhook_deliveries')
      .set({
        ...(answered ?? { response_status: null, response_body: null, last_error: 'error' in outcome ? outcome.error : null }),
        status: ok ? 'delivered' : again ? 'queued' : 'failed',
        delivered_at: ok ? new Date().toISOString() : null,
        next_attempt_at: again ? new Date(Date.now() + retryMs * 4 ** (attempts - 1)).toISOString() : null,
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', delivery.id)
      // Only while this instance still holds it: another that took it over is sending it now.
      .where('lease_owner', '=', this.owner)
      .execute();
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.pruned < PRUNE_EVERY_MS) return;
    this.pruned = Date.now();
    await repo.pruneDeliveries(this.options.db, new Date(Date.now() - LOG_DAYS * 86_400_000).toISOString());
  }
}
