import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { installationSecret } from '../../security/installation-secrets.ts';
import { Sealer } from '../../security/sealed.ts';
import type { MembershipChange } from '../identity/index.ts';
import type { WebhookEvents } from './webhooks/events.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { setUpWebhooks, type WebhooksEnv } from './webhooks/setup.ts';
import { xapiRoutes } from './xapi/routes.ts';
import { setUpXapi, type XapiEnv } from './xapi/setup.ts';
import type { Attempt, XapiStatements } from './xapi/told.ts';

/**
 * What a company's own systems hear from Kursa, set up for the app: outgoing webhooks and xAPI
 * statements, each with its admins' service, what the other domains tell it, and its sender.
 */
export function setUpIntegrations(app: FastifyInstance, db: Db, env: WebhooksEnv & XapiEnv & { SECRETS_KEY?: string | undefined }) {
  // The same sealing key as the identity providers' secrets: one installation secret for all.
  const sealer = new Sealer(env.SECRETS_KEY ?? installationSecret(db, 'sealed-secrets'));
  const { webhooks, events } = setUpWebhooks(app, db, sealer, env);
  const { xapi, statements } = setUpXapi(app, db, sealer, env);
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(webhookRoutes, { webhooks });
    await api.register(xapiRoutes, { xapi });
  };
  return { events: new IntegrationEvents(events, statements), routes };
}

/** What the other domains tell a company's systems of, fanned out to its webhooks and its LRS. */
export class IntegrationEvents {
  constructor(
    private readonly webhooks: WebhookEvents,
    private readonly xapi: XapiStatements,
  ) {}

  async enrolled(enrolmentId: string): Promise<void> {
    await this.webhooks.enrolled(enrolmentId);
  }

  async lessonOpened(enrolmentId: string, lessonId: string): Promise<void> {
    await this.xapi.lessonOpened(enrolmentId, lessonId);
  }

  async lessonCompleted(enrolmentId: string, lessonId: string): Promise<void> {
    await this.xapi.lessonCompleted(enrolmentId, lessonId);
  }

  async attempted(enrolmentId: string, lessonId: string, attempt: Attempt): Promise<void> {
    await this.xapi.attempted(enrolmentId, lessonId, attempt);
  }

  async courseCompleted(enrolmentId: string): Promise<void> {
    await Promise.all([this.webhooks.courseCompleted(enrolmentId), this.xapi.courseCompleted(enrolmentId)]);
  }

  async certificateChanged(certificateId: string): Promise<void> {
    await Promise.all([this.webhooks.certificateChanged(certificateId), this.xapi.certificateChanged(certificateId)]);
  }

  async membership(userId: string, change: MembershipChange): Promise<void> {
    await this.webhooks.membership(userId, change);
  }
}
