import { useState } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { Navigate, useParams } from 'react-router';
import type { ComplianceStatus } from '@shared/schemas/compliance.ts';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { serverMessage } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { reportQuery, useComplianceAccess, useCourseReport, useRequirableCourses } from './api/compliance';
import { ExportLinks } from './components/export-links';
import { Pager } from './components/pager';
import { PastDayPicker } from './components/past-day-picker';
import { cellClasses, headerClasses, ReportLink, StatusCells, StatusHeaders, tableClasses, TableWrap } from './components/report-cells';
import { GroupFilter, StatusCounts, StatusFilter } from './components/report-filters';
import { personPath } from './lib/paths';
import { usePastDay } from './lib/use-past-day';

interface Filters {
  group?: string | undefined;
  status?: ComplianceStatus | undefined;
  page?: number | undefined;
}

/**
 * /compliance/courses/:courseId: a course's completion report – everyone it is required of, with
 * status, dates and score – now or at the end of a past day, filtered by group and status, to
 * download. For admins (the company) and managers (their groups).
 */
export function CourseReportPage() {
  const { courseId = '' } = useParams();
  const { t } = useTranslation('compliance');
  const pastDay = usePastDay();
  const access = useComplianceAccess();
  const [filters, setFilters] = useState<Filters>({});
  const report = useCourseReport(courseId, { ...filters, at: pastDay.at });
  // The title when no requirement of the course is in force at the moment viewed.
  const courses = useRequirableCourses();
  const data = report.data;
  const title = data?.columns[0]?.courseTitle ?? courses.data?.courses.find((c) => c.id === courseId)?.title;
  usePageMeta(title ? t('course.metaTitle', { title }) : t('course.title'));
  const set = (change: Filters) => setFilters((current) => ({ ...current, ...change, page: undefined }));

  if (access.data && !access.data.admin && access.data.managedGroups.length === 0) return <Navigate to="/dashboard" replace />;
  const groupOf = new Map((data?.columns ?? []).map((c) => [c.requirementId, c.groupName ?? t('everyone')]));
  const lines = (data?.rows ?? []).flatMap((row) => row.cells.map((cell) => ({ row, cell })));

  return (
    <Container className="flex max-w-6xl flex-col gap-8 py-8 sm:py-10">
      <div>
        <ReportLink to={`/compliance${pastDay.query}`}>
          <span className="inline-flex items-center gap-1.5 text-sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('report.back')}
          </span>
        </ReportLink>
      </div>
      <header>
        <p className="text-sm font-medium text-muted-foreground">{t('course.title')}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title ?? t('course.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('course.lead')}</p>
      </header>
      <Card className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <GroupFilter value={filters.group} onChange={(group) => set({ group })} />
          <StatusFilter value={filters.status} onChange={(status) => set({ status })} />
        </div>
        <PastDayPicker
          id="course-at"
          pastDay={{
            ...pastDay,
            setDay: (day) => {
              setFilters((f) => ({ ...f, page: undefined }));
              pastDay.setDay(day);
            },
          }}
        />
        <ExportLinks
          href={(format) =>
            `/api/reports/courses/${encodeURIComponent(courseId)}${reportQuery({ ...filters, at: pastDay.at, page: undefined }, format)}`
          }
        />
      </Card>
      {report.isPending ? (
        <Loading />
      ) : report.isError && !data ? (
        <LoadFailed message={serverMessage(report.error) ?? t('course.failed')} onRetry={report.refetch} />
      ) : data!.columns.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          level={2}
          title={filters.group || filters.status ? t('matrix.noneMatch') : pastDay.day ? t('course.emptyPast') : t('course.empty')}
        />
      ) : (
        <>
          <StatusCounts counts={data!.counts} />
          <TableWrap label={t('course.caption', { count: data!.people, title: title ?? '' })}>
            <table className={tableClasses}>
              <caption className="sr-only">{t('course.caption', { count: data!.people, title: title ?? '' })}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className={headerClasses}>
                    {t('report.person')}
                  </th>
                  <th scope="col" className={headerClasses}>
                    {t('report.requiredOf')}
                  </th>
                  <StatusHeaders />
                </tr>
              </thead>
              <tbody>
                {lines.map(({ row, cell }) => (
                  <tr key={`${row.id} ${cell.requirementId}`} className="border-b border-border last:border-0">
                    <th scope="row" className={`${cellClasses} font-medium`}>
                      <span className="block">
                        <ReportLink to={personPath(row.id, pastDay.query)}>{row.name}</ReportLink>
                      </span>
                      <span className="block text-xs font-normal text-muted-foreground">{row.email}</span>
                    </th>
                    <td className={cellClasses}>{groupOf.get(cell.requirementId) ?? t('everyone')}</td>
                    <StatusCells cell={cell} />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pager
            page={data!.page}
            pageSize={data!.pageSize}
            people={data!.people}
            fetching={report.isFetching}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </Container>
  );
}
