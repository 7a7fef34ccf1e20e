import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../shared/schemas/common.ts';
import {
  ZKeptMail,
  ZMarkRead,
  ZNotificationList,
  ZNotificationPreferences,
  ZNotificationPreferencesUpdate,
  ZNotificationsQuery,
  ZOutboxMailList,
  ZUnreadCount,
  ZUnsubscribeInfo,
  ZUnsubscribeToken,
} from '../../../shared/schemas/notifications.ts';
import { requestLanguage } from '../../http/language.ts';
import { noStoreByDefault } from '../../http/route-helpers.ts';
import { requireAuth } from '../../http/session.ts';
import type { MailLog } from './mail-log.ts';
import type { NotificationsService } from './service.ts';

const tags = ['notifications'];
const E = ZErrorResponse;
const ZBefore = z.object({ before: z.string().max(200).optional() });

/** A person's notifications and their preferences; unsubscribe links (no session); the mail log and the kept mail. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; mailLog: MailLog }> = async (
  app,
  { notifications, mailLog },
) => {
  noStoreByDefault(app);
  // RFC 8058: a mail client unsubscribes with a POST whose body is "List-Unsubscribe=One-Click",
  // form-encoded or multipart. The token in the address is what counts; the body is read and let be.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary:
          "My notifications in the app, newest first, in the request's language, a page at a time (`next` is the next page's `before`), and how many are unread",
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationList, 400: E, 401: E },
      },
    },
    async (request) => notifications.list(requireAuth(request).user, requestLanguage(request) ?? 'da', request.query),
  );

  app.get(
    '/api/notifications/unread',
    { schema: { tags, summary: 'How many of my notifications are unread (the bell)', response: { 200: ZUnreadCount, 401: E } } },
    async (request) => ({ unread: await notifications.unread(requireAuth(request).user) }),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark some of my notifications read ({ids}) or all of them ({all: true}); answers how many stay unread',
        body: ZMarkRead,
        response: { 200: ZUnreadCount, 400: E, 401: E },
      },
    },
    async (request) => {
      const body = request.body;
      return { unread: await notifications.markRead(requireAuth(request).user, 'ids' in body ? body.ids : 'all') };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary:
          "How I hear of each kind of notification my role receives (in the app; by mail at once, in a daily overview or not), the profile's e-mail switch, and for admins the company's reminder settings",
        response: { 200: ZNotificationPreferences, 401: E },
      },
    },
    async (request) => notifications.preferences(requireAuth(request).user),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary:
          "Change my notification preferences (mandatory training mails stay on: 403), and as an admin the company's days before a due date and whether its mandatory training mails go out",
        body: ZNotificationPreferencesUpdate,
        response: { 200: ZNotificationPreferences, 400: E, 401: E, 403: E },
      },
    },
    async (request) => notifications.updatePreferences(requireAuth(request).user, request.body),
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: "What a mail's unsubscribe link turns off (its kind and the partly hidden address); no session, changes nothing",
        querystring: ZUnsubscribeToken,
        response: { 200: ZUnsubscribeInfo, 400: E },
      },
    },
    async (request) => notifications.unsubscribe(request.query.token, false),
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary:
          "Turn off the mails of the link's kind: the unsubscribe page's button, and RFC 8058 one-click (the mails' List-Unsubscribe address; any body, e.g. List-Unsubscribe=One-Click); no session",
        querystring: ZUnsubscribeToken,
        response: { 200: ZUnsubscribeInfo, 400: E },
      },
    },
    async (request) => notifications.unsubscribe(request.query.token, true),
  );

  app.get(
    '/api/organisation/mail',
    {
      schema: {
        tags,
        summary:
          "The company's mails, newest first: to whom, about what, and whether each was sent, is waiting to be tried again (attempts, last error) or failed (admins only)",
        querystring: ZBefore,
        response: { 200: ZOutboxMailList, 400: E, 401: E, 403: E },
      },
    },
    async (request) => mailLog.forCompany(requireAuth(request).user, request.query.before),
  );

  app.get(
    '/api/dev/mail',
    {
      schema: {
        tags,
        summary:
          'Without SMTP, every mail the installation kept, newest first, for its admins: the X-Dev-Mail-Key header carries the key the server printed at start (403 without it); 404 when mail goes out over SMTP',
        querystring: ZBefore,
        response: { 200: ZOutboxMailList, 400: E, 403: E, 404: E },
      },
    },
    async (request) => {
      await mailLog.checkKey(request.headers['x-dev-mail-key']);
      return mailLog.kept(request.query.before);
    },
  );

  app.get(
    '/api/dev/mail/:id',
    {
      schema: {
        tags,
        summary: 'One kept mail with its text and HTML (X-Dev-Mail-Key as for the list)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZKeptMail, 403: E, 404: E },
      },
    },
    async (request) => {
      await mailLog.checkKey(request.headers['x-dev-mail-key']);
      return mailLog.keptOne(request.params.id);
    },
  );

  app.get(
    '/api/dev/mail/:id/attachments/:position',
    {
      schema: {
        tags,
        summary: "A file a kept mail carries (a monthly report's PDF), as a download (X-Dev-Mail-Key as for the list)",
        params: z.object({ id: z.string().max(64), position: z.coerce.number().int().min(0).max(99) }),
        response: { 200: z.any().describe('The file'), 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await mailLog.checkKey(request.headers['x-dev-mail-key']);
      const file = await mailLog.keptAttachment(request.params.id, request.params.position);
      // Only ASCII in the header's file name: the names Kursa gives its files are.
      const name = file.filename.replace(/[^\w.-]/g, '_');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file.content);
    },
  );
};
