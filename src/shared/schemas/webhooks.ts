import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../constants.ts';
import { safeString } from './common.ts';

/** A company's outgoing webhooks and their deliveries (docs/decisions/062-webhooks.md). */

export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof ZWebhookEvent>;

const ZEvents = z
  .array(ZWebhookEvent, { error: 'webhooks.eventsRequired' })
  .min(1, { error: 'webhooks.eventsRequired' })
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, { error: 'webhooks.eventsRequired' });

/** An absolute http(s) address without credentials; whether plain http and private addresses are allowed is the server's to say. */
export const outboundUrl = (key: string) =>
  safeString(key)
    .trim()
    .max(2000, { error: key })
    .refine(
      (value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      },
      { error: key },
    );
const ZUrl = outboundUrl('webhooks.urlInvalid');

export const ZWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(ZWebhookEvent),
  /** Paused webhooks are told nothing new; what was queued for them waits. */
  active: z.boolean(),
  createdAt: z.string(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretPrefix: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookList = z.object({ webhooks: z.array(ZWebhook) });
export type TWebhookList = z.infer<typeof ZWebhookList>;

export const ZCreateWebhookRequest = z.object({ url: ZUrl, events: ZEvents });
export type TCreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z
  .object({ url: ZUrl.optional(), events: ZEvents.optional(), active: z.boolean().optional() })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: 'webhooks.nothingToChange' });
export type TUpdateWebhookRequest = z.infer<typeof ZUpdateWebhookRequest>;

export const ZWebhookCreated = z.object({
  webhook: ZWebhook,
  /** The signing secret, answered this once (and again only by making a new one). */
  secret: z.string(),
});
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhookDeliveryStatus = z.enum(['queued', 'sending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatus>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  /** The event's id (the same in every delivery of it and in its body), for receivers to tell repeats by. */
  eventId: z.string(),
  event: z.union([ZWebhookEvent, z.literal(WEBHOOK_TEST_EVENT)]),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  /** The receiver's last answer: its HTTP status and the start of its body. */
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  /** Why the last attempt failed when no answer came (a timeout, a refused address). */
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;

export const ZWebhookDeliveryParams = z.object({ id: safeString().min(1).max(64), deliveryId: safeString().min(1).max(64) });
