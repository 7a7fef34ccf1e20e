/**
 * The integrations domain's public entry: what a company's own systems hear from Kursa (outgoing
 * webhooks). API keys, with which they call Kursa, belong to the identity domain.
 */
export type { WebhookEvents } from './webhooks/events.ts';
export { webhookRoutes } from './webhooks/routes.ts';
export { setUpWebhooks } from './webhooks/setup.ts';
