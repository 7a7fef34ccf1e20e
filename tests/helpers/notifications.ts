import { NotificationsService, scanJobKind } from '../../src/server/domains/notifications/index.ts';
import type { Db } from '../../src/server/db/database.ts';
import { JobKinds } from '../../src/server/jobs/kinds.ts';
import { JobsService } from '../../src/server/jobs/service.ts';
import { MailOutbox } from '../../src/server/mail/outbox.ts';
import { PUBLIC_URL, type TestApp } from './app.ts';

/**
 * Notifications told on the test's own connection, as another instance would tell them: its
 * outbox only queues, and the app's outbox finds and sends what it queued.
 */
export async function queueingNotifications(t: TestApp): Promise<NotificationsService> {
  const outbox = new MailOutbox({
    db: t.db,
    transport: { send: () => Promise.reject(new Error('this outbox only queues')) },
    log: t.app.log,
    retryMs: 100,
  });
  await outbox.stop();
  return new NotificationsService({
    db: t.db,
    outbox,
    publicUrl: PUBLIC_URL,
    brandFor: async () => undefined,
    setMailOn: async () => undefined,
  });
}

/** Creates scan jobs on `db` as an instance's scheduler does; the apps' workers run them. */
export function scanJobs(db: Db, notifications: NotificationsService): JobsService {
  return new JobsService(db, new JobKinds([scanJobKind(db, notifications)]));
}

/** The moment `ms` after `at`. */
export const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
