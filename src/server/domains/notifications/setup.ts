import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';
import type { Jobs } from '../../jobs/setup.ts';
import { defaultFrom, SmtpMailer } from '../../mail/mailer.ts';
import { MailOutbox } from '../../mail/outbox.ts';
import { NotificationEvents } from './events.ts';
import { MailLog } from './mail-log.ts';
import { type DomainWork, NotificationScheduler, scanJobKind } from './scheduler.ts';
import type { NotificationsService } from './service.ts';

/**
 * The app's mail: every mail goes through the outbox, sent over SMTP (notifications with retries)
 * or, without SMTP, kept in the database for the installation's admins to read at /dev/mail; the
 * start says which, with the key to the kept mail.
 */
export function setUpMail(app: FastifyInstance, db: Db, env: Env): { outbox: MailOutbox; mailLog: MailLog } {
  const smtp = env.SMTP_URL ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? defaultFrom(env.PUBLIC_URL)) : undefined;
  const outbox = new MailOutbox({ db, transport: smtp, log: app.log, retryMs: env.MAIL_RETRY_MS });
  const mailLog = new MailLog(db, outbox.keeps, env.DEV_MAIL_KEY);
  app.addHook('onReady', async () => {
    outbox.start();
    const key = env.DEV_MAIL_KEY ? undefined : await mailLog.devKey();
    const box = new URL('/dev/mail', env.PUBLIC_URL).toString();
    if (!outbox.keeps) app.log.info('mail goes out over SMTP');
    else
      app.log.info(
        key ? `mail is kept, not sent: read it at ${box}#key=${key}` : `mail is kept, not sent: read it at ${box} with DEV_MAIL_KEY`,
      );
  });
  app.addHook('preClose', async () => outbox.stop());
  app.addHook('onClose', async () => smtp?.close());
  return { outbox, mailLog };
}

/** The periodic scans (reminders …, and the other domains' work: compliance's) as durable jobs, looked for every NOTIFICATIONS_SCAN_INTERVAL_MS. */
export function scheduleScans(
  app: FastifyInstance,
  deps: { db: Db; jobs: Jobs; notifications: NotificationsService; intervalMs: number; work?: DomainWork },
): void {
  deps.jobs.kinds.register(scanJobKind(deps.db, deps.notifications, deps.work));
  const scheduler = new NotificationScheduler(deps.db, deps.jobs.service, deps.intervalMs, app.log, undefined, deps.work);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}

/**
 * What the domains tell as it happens (the composition root wires their hooks to what this
 * answers), and a plan's limit that stopped someone, told to the company's admins.
 */
export function setUpEvents(app: FastifyInstance, db: Db, notifications: NotificationsService): NotificationEvents {
  const events = new NotificationEvents(db, notifications, app.log);
  tellPlanLimits(app, events);
  return events;
}

function tellPlanLimits(app: FastifyInstance, events: NotificationEvents): void {
  app.addHook('onError', async (request, _reply, error: unknown) => {
    if (!(error instanceof AppError) || error.code !== 'PLAN_LIMIT' || !request.auth) return;
    const limit = error.messageKey.startsWith('plan.courseLimit') ? 'courses' : 'seats';
    await events.limitReached(request.auth.user.organisationId, limit, Number(error.params?.limit ?? 0));
  });
}
