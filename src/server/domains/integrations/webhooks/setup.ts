import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { AuditLog } from '../../privacy/index.ts';
import { WebhookEvents } from './events.ts';
import { WebhookSender } from './sender.ts';
import { Webhooks } from './service.ts';

export interface WebhooksEnv {
  PUBLIC_URL: string;
  OUTBOUND_ALLOW_PRIVATE_URLS: boolean;
  OUTBOUND_RETRY_MS: number;
}

/**
 * Webhooks for the app: the admins' service, the events the domains tell, and the sender, started
 * with the app and stopped before the database closes.
 */
export function setUpWebhooks(
  app: FastifyInstance,
  db: Db,
  sealer: Sealer,
  env: WebhooksEnv,
): { webhooks: Webhooks; events: WebhookEvents } {
  const allowPrivate = env.OUTBOUND_ALLOW_PRIVATE_URLS;
  const sender = new WebhookSender({ db, sealer, log: app.log, allowPrivate, retryMs: env.OUTBOUND_RETRY_MS });
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
  return {
    webhooks: new Webhooks(db, sealer, new AuditLog(db, app.log), sender, allowPrivate),
    events: new WebhookEvents(db, env.PUBLIC_URL, app.log, () => sender.wake()),
  };
}
