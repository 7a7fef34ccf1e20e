import type { ComplianceStatus } from '../../../shared/schemas/compliance.ts';
import type { Db } from '../../db/database.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import { latestMorning, type NotificationsService, type PeriodicWork, untold } from '../notifications/index.ts';
import { fileName, FORMATS, PDF_LINE_LIMIT, renderPdf, type ReportLine, type ReportMeta } from './export/index.ts';
import { type CellFilter, countCells, emptyCounts } from './matrix.ts';
import type { ReportsService } from './reports.ts';
import * as repo from './repository.ts';

/**
 * The monthly compliance report by e-mail: from 07:00 Copenhagen time on the 1st, each admin (the
 * whole company) and each manager of a group (the people in their groups, as the compliance page
 * shows them) hears how their people stand: the count of each status, the people overdue or
 * expired, and the report as a PDF. Once a month per person, however many scans and instances
 * look; a company that requires no course has nothing to report.
 */

/**
 * The report is due from the 1st's morning for this many days: a scan missed on the 1st still sends
 * it, while a manager named later in the month waits for the next month's.
 */
const DAYS_DUE = 7;
/** The people overdue or expired a mail names; the attached report has them all. */
const LISTED = 20;

/** The month whose report is due at `now` (YYYY-MM) and its key, or null after its first days. */
export function reportMonth(now: Date): { month: string; key: string } | null {
  const { day } = latestMorning(now);
  if (Number(day.slice(8, 10)) > DAYS_DUE) return null;
  const month = day.slice(0, 7);
  return { month, key: `compliance-report:${month}` };
}

/** The admins and managers whose report of the month is due at `now` and not told yet, for one company or all. */
async function recipients(db: Db, now: Date, organisationId?: string) {
  const due = reportMonth(now);
  if (!due) return [];
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.organisation_id', 'u.role', 'u.language'])
    .where('u.deactivated_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.role', '=', 'admin'),
        eb.exists(eb.selectFrom('group_managers as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id')),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('requirements as q')
          .select('q.id')
          .whereRef('q.organisation_id', '=', 'u.organisation_id')
          .where('q.archived_at', 'is', null),
      ),
    );
  if (organisationId) query = query.where('u.organisation_id', '=', organisationId);
  const people = (await query.execute()).map((u) => ({ ...u, userId: u.id, key: due.key, month: due.month }));
  return untold(db, people);
}

/** The first `n` of some lines. */
async function first(lines: AsyncGenerator<ReportLine>, n: number): Promise<ReportLine[]> {
  const taken: ReportLine[] = [];
  if (n <= 0) return taken;
  for await (const line of lines) {
    taken.push(line);
    if (taken.length >= n) break;
  }
  return taken;
}

export function monthlyReportWork(db: Db, notifications: NotificationsService, reports: ReportsService): PeriodicWork {
  /** One person's report: what it counts and names, and its PDF (made only when its mail is written). */
  async function tell(person: Awaited<ReturnType<typeof recipients>>[number], now: Date): Promise<boolean> {
    const admin = person.role === 'admin';
    const groups = admin ? [] : await repo.managedGroups(db, person.id);
    const language = person.language === 'en' ? 'en' : 'da';
    const filter: CellFilter = {
      organisationId: person.organisation_id,
      at: now.toISOString(),
      past: false,
      withinGroups: admin ? undefined : groups.map((g) => g.id),
    };
    const counts = emptyCounts();
    for (const c of await countCells(db, filter)) counts[c.status] += c.n;
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const lapsed: ReportLine[] = [];
    for (const status of ['overdue', 'expired'] as const satisfies ComplianceStatus[])
      lapsed.push(...(await first(reports.exportLines({ ...filter, status }, language), LISTED - lapsed.length)));
    // A PDF holds at most PDF_LINE_LIMIT lines (about 1–2 MB at that size, which mail servers take);
    // past it the mail says to download the report (CSV and XLSX have no limit).
    const attached = total <= PDF_LINE_LIMIT;
    const company = await db
      .selectFrom('organisations')
      .select(['name', 'cvr'])
      .where('id', '=', person.organisation_id)
      .executeTakeFirst();
    const meta: ReportMeta = {
      language,
      kind: 'compliance',
      title: '',
      companyName: company?.name ?? '',
      cvr: company?.cvr || null,
      generatedBy: 'Kursa',
      generatedAt: now,
      asOf: now,
      period: null,
      filters: { group: groups.length > 0 ? groups.map((g) => g.name).join(', ') : null, course: null, status: null },
    };
    const pdf = async (): Promise<MailAttachment[]> => [
      {
        filename: fileName(meta, 'pdf'),
        contentType: FORMATS.pdf.contentType,
        content: await renderPdf(meta, reports.exportLines(filter, language)),
      },
    ];
    return notifications.notify({
      kind: 'compliance-report',
      userId: person.id,
      key: person.key,
      params: {
        month: person.month,
        at: now.toISOString(),
        ...(groups.length > 0 && { groups: groups.map((g) => g.name) }),
        counts,
        lapsed: lapsed.map((l) => ({ name: l.person, course: l.course, status: l.status as 'overdue' | 'expired' })),
        moreLapsed: counts.overdue + counts.expired - lapsed.length,
        attached,
      },
      link: '/compliance',
      ...(attached && { attachments: pdf }),
    });
  }

  return {
    pending: async (now) =>
      [...new Set((await recipients(db, now)).map((r) => r.organisation_id))].map((organisationId) => ({ organisationId })),
    run: async (now, organisationId) => {
      let told = 0;
      for (const person of await recipients(db, now, organisationId)) if (await tell(person, now)) told += 1;
      return told;
    },
  };
}
