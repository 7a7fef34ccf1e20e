import { setUpCompliance } from '../../src/server/domains/compliance/index.ts';
import { EnrolmentsService } from '../../src/server/domains/learning/index.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { createTestApp, type TestApp } from './app.ts';
import { until } from './jobs.ts';
import { queueingNotifications, scanJobs } from './notifications.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

export interface ComplianceScans {
  t: TestApp;
  smtp: TestSmtp;
  /** A look by the scheduler at `at`, and its jobs run to their end. */
  scan: (at: Date) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * An app whose mail goes to a local SMTP server, and a notification scheduler ticked at chosen
 * moments with the compliance domain's work (its jobs run on the app's worker).
 */
export async function startComplianceScans(): Promise<ComplianceScans> {
  const smtp = await startTestSmtp();
  const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_MS: '100' } });
  await t.app.ready();
  const service = await queueingNotifications(t);
  const { work } = setUpCompliance(t.db, new EnrolmentsService(t.db), service, t.app.log);
  const scheduler = new NotificationScheduler(t.db, scanJobs(t.db, service), 1000, t.app.log, undefined, work);
  const scansEnded = async () =>
    (await t.db.selectFrom('ai_jobs').select('status').where('kind', '=', 'notification-scan').execute()).every((j) =>
      ['succeeded', 'failed', 'cancelled'].includes(j.status),
    );
  return {
    t,
    smtp,
    scan: async (at) => {
      await scheduler.tick(at);
      await until(scansEnded, 'the scan jobs ended');
    },
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
