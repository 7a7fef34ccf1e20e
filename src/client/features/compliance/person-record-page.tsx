import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useParams } from 'react-router';
import { verifyPath } from '@shared/routes.ts';
import type { TPersonReport } from '@shared/schemas/compliance.ts';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { serverMessage } from '@/lib/form-errors';
import { ShellLink } from '@/lib/shell-context';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { reportQuery, useComplianceAccess, usePersonReport } from './api/compliance';
import { ExportLinks } from './components/export-links';
import { PastDayPicker } from './components/past-day-picker';
import {
  cellClasses,
  headerClasses,
  ReportLink,
  ScoreCell,
  StatusCells,
  StatusHeaders,
  tableClasses,
  TableWrap,
} from './components/report-cells';
import { coursePath } from './lib/paths';
import { usePastDay, type PastDay } from './lib/use-past-day';

type Certificate = TPersonReport['certificates'][number];

/** A certificate's standing at the moment viewed: revoked by then, run out by then, or valid. */
function CertificateStanding({ certificate, at }: { certificate: Certificate; at: string }) {
  const { t } = useTranslation('compliance');
  if (certificate.revokedAt && certificate.revokedAt <= at) return <>{t('person.revoked', { date: formatDate(certificate.revokedAt) })}</>;
  if (certificate.expiresAt && certificate.expiresAt <= at) return <>{t('person.expired')}</>;
  return <>{t('person.valid')}</>;
}

function Requirements({ report, reports, pastDay }: { report: TPersonReport; reports: boolean; pastDay: PastDay }) {
  const { t } = useTranslation('compliance');
  if (report.requirements.length === 0)
    return <p className="text-muted-foreground">{pastDay.day ? t('person.noRequirementsPast') : t('person.noRequirements')}</p>;
  return (
    <TableWrap label={t('person.requirementsCaption', { name: report.person.name })}>
      <table className={tableClasses}>
        <caption className="sr-only">{t('person.requirementsCaption', { name: report.person.name })}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={headerClasses}>
              {t('report.course')}
            </th>
            <th scope="col" className={headerClasses}>
              {t('report.requiredOf')}
            </th>
            <StatusHeaders />
          </tr>
        </thead>
        <tbody>
          {report.requirements.map((cell) => (
            <tr key={cell.requirementId} className="border-b border-border last:border-0">
              <th scope="row" className={`${cellClasses} font-medium`}>
                {/* Only admins and managers have the course's report to go to. */}
                {reports ? <ReportLink to={coursePath(cell.courseId, pastDay.query)}>{cell.courseTitle}</ReportLink> : cell.courseTitle}
              </th>
              <td className={cellClasses}>{cell.groupName ?? t('everyone')}</td>
              <StatusCells cell={cell} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function Certificates({ report, pastDay }: { report: TPersonReport; pastDay: PastDay }) {
  const { t } = useTranslation('compliance');
  // A past view shows the certificates held by then.
  const held = report.certificates.filter((c) => c.issuedAt <= report.at);
  if (held.length === 0)
    return <p className="text-muted-foreground">{pastDay.day ? t('person.noCertificatesPast') : t('person.noCertificates')}</p>;
  return (
    <TableWrap label={t('person.certificatesCaption', { name: report.person.name })}>
      <table className={tableClasses}>
        <caption className="sr-only">{t('person.certificatesCaption', { name: report.person.name })}</caption>
        <thead>
          <tr className="border-b border-border">
            {(['report.course', 'person.issued', 'report.validUntil', 'person.certificateStatus', 'report.score'] as const).map((key) => (
              <th key={key} scope="col" className={headerClasses}>
                {t(key)}
              </th>
            ))}
            <th scope="col" className={headerClasses}>
              <span className="sr-only">{t('person.verify')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {held.map((certificate) => (
            <tr key={certificate.code} className="border-b border-border last:border-0">
              <th scope="row" className={`${cellClasses} font-medium`}>
                {certificate.courseTitle}
                {certificate.pathId !== null && <span className="text-muted-foreground"> ({t('person.ofPath')})</span>}
              </th>
              <td className={cellClasses}>{formatDate(certificate.issuedAt)}</td>
              <td className={cellClasses}>{certificate.expiresAt ? formatDate(certificate.expiresAt) : t('report.forever')}</td>
              <td className={cellClasses}>
                <CertificateStanding certificate={certificate} at={report.at} />
              </td>
              <td className={`${cellClasses} tabular-nums`}>
                <ScoreCell score={certificate.score} />
              </td>
              <td className={cellClasses}>
                <ShellLink
                  to={verifyPath(certificate.code)}
                  aria-label={t('person.verifyFor', { course: certificate.courseTitle })}
                  className="font-medium text-accent underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {t('person.verify')}
                </ShellLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/**
 * /compliance/people/:userId: a person's training record – their required courses with status and
 * dates, and every certificate they hold – now or at the end of a past day, to download for an
 * auditor. For the person themself (from their certificates), an admin, or a manager of theirs.
 */
export function PersonRecordPage() {
  const { userId = '' } = useParams();
  const { t } = useTranslation('compliance');
  const pastDay = usePastDay();
  const access = useComplianceAccess();
  const report = usePersonReport(userId, pastDay.at);
  const data = report.data;
  usePageMeta(data ? t('person.metaTitle', { name: data.person.name }) : t('person.title'));
  // Admins and managers came from the compliance page; a person reading their own, from their certificates.
  const reports = access.data !== undefined && (access.data.admin || access.data.managedGroups.length > 0);
  const back = reports
    ? { to: `/compliance${pastDay.query}`, label: t('report.back') }
    : { to: '/certificates', label: t('person.backToCertificates') };

  return (
    <Container className="flex max-w-6xl flex-col gap-8 py-8 sm:py-10">
      <div>
        <ReportLink to={back.to}>
          <span className="inline-flex items-center gap-1.5 text-sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {back.label}
          </span>
        </ReportLink>
      </div>
      {report.isPending ? (
        <Loading />
      ) : report.isError && !data ? (
        <LoadFailed message={serverMessage(report.error) ?? t('person.failed')} onRetry={report.refetch} />
      ) : (
        <>
          <header>
            <p className="text-sm font-medium text-muted-foreground">{t('person.title')}</p>
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{data!.person.name}</h1>
            <p className="mt-2 text-muted-foreground">
              {data!.person.email} ·{' '}
              {data!.person.groups.length === 0
                ? t('person.noGroups')
                : t('person.groups', { groups: data!.person.groups.map((g) => g.name).join(', ') })}
            </p>
          </header>
          <Card className="flex flex-col gap-4">
            <PastDayPicker id="record-at" pastDay={pastDay} />
            <ExportLinks href={(format) => `/api/reports/people/${encodeURIComponent(userId)}${reportQuery({ at: pastDay.at }, format)}`} />
          </Card>
          <section aria-labelledby="record-requirements" className="flex flex-col gap-4">
            <h2 id="record-requirements" className="text-lg font-semibold">
              {t('person.requirements')}
            </h2>
            <Requirements report={data!} reports={reports} pastDay={pastDay} />
          </section>
          <section aria-labelledby="record-certificates" className="flex flex-col gap-4">
            <h2 id="record-certificates" className="text-lg font-semibold">
              {t('person.certificates')}
            </h2>
            <Certificates report={data!} pastDay={pastDay} />
          </section>
        </>
      )}
    </Container>
  );
}
