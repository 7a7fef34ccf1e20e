import { z } from 'zod';
import { DUE_SOON_DAYS, MAIL_MODES, NOTIFICATION_KINDS } from '../notification-kinds.ts';

// The kinds and their rules live in a module of their own, without zod; they are the API's too.

export { NOTIFICATION_KINDS, KIND_RULES, kindsFor, DUE_SOON_DAYS, type NotificationKind, type MailMode } from '../notification-kinds.ts';

/** One notification as its person sees it, its texts in the request's language. */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the app. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/notifications?before=&limit=: mine, newest first; `next` is the `before` of the next page. */
export const ZNotificationsQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unread: z.number().int(),
  next: z.string().nullable(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** POST /api/notifications/read: the ids given, or all. */
export const ZMarkRead = z.union([z.object({ ids: z.array(z.string().max(64)).min(1).max(100) }), z.object({ all: z.literal(true) })]);
export const ZUnreadCount = z.object({ unread: z.number().int() });

/** One kind in the person's preferences. */
export const ZKindPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  app: z.boolean(),
  mail: z.enum(MAIL_MODES),
  /** Mandatory training: the person cannot turn the mail off. */
  mandatory: z.boolean(),
  /** Mail may be 'daily'. */
  digest: z.boolean(),
});
export type TKindPreference = z.infer<typeof ZKindPreference>;

/** The company's settings, shown to its admins. */
export const ZCompanyNotificationSettings = z.object({
  dueSoonDays: z.number().int().min(DUE_SOON_DAYS.min).max(DUE_SOON_DAYS.max),
  /** The company's mandatory training mails (assigned, due soon, overdue) go out. */
  mandatoryMail: z.boolean(),
});

/** GET /api/notifications/preferences. */
export const ZNotificationPreferences = z.object({
  kinds: z.array(ZKindPreference),
  /** Every mail but the mandatory ones (the profile's "E-mail-notifikationer" switch). */
  mailOn: z.boolean(),
  /** Admins only. */
  company: ZCompanyNotificationSettings.nullable(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** PUT /api/notifications/preferences: what changes. */
export const ZNotificationPreferencesUpdate = z
  .object({
    kinds: z
      .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), app: z.boolean().optional(), mail: z.enum(MAIL_MODES).optional() }))
      .max(NOTIFICATION_KINDS.length)
      .optional(),
    mailOn: z.boolean().optional(),
    company: ZCompanyNotificationSettings.partial().optional(),
  })
  .strict();
export type TNotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdate>;

/** GET /api/notifications/unsubscribe?token=: what the link turns off, before it is confirmed. */
export const ZUnsubscribeToken = z.object({ token: z.string().min(10).max(512) });
export const ZUnsubscribeInfo = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** The address, partly hidden. */
  email: z.string(),
  unsubscribed: z.boolean(),
});
export type TUnsubscribeInfo = z.infer<typeof ZUnsubscribeInfo>;

/** A mail kept (no SMTP) or sent, as /dev/mail and the admins' mail log show it. */
export const ZMailStatus = z.enum(['queued', 'sending', 'sent', 'failed', 'kept']);
export const ZOutboxMail = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: ZMailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export const ZOutboxMailList = z.object({ mails: z.array(ZOutboxMail), next: z.string().nullable() });
/** A file a kept mail carries, read at /api/dev/mail/:id/attachments/:position. */
export const ZKeptAttachment = z.object({
  position: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export const ZKeptMail = ZOutboxMail.extend({ text: z.string(), html: z.string(), attachments: z.array(ZKeptAttachment) });
export type TKeptMail = z.infer<typeof ZKeptMail>;
