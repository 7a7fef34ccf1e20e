import { useState } from 'react';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import type { TComplianceAccess, TComplianceMatrix } from '@shared/schemas/compliance.ts';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/input';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { useMe } from '@/lib/me';
import { serverMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { reportQuery, useMatrix, useRequirements, type MatrixFilters } from '../api/compliance';
import { coursePath, personPath } from '../lib/paths';
import { usePastDay } from '../lib/use-past-day';
import { ExemptDialog, type ExemptTarget } from './exempt-dialog';
import { ExportLinks } from './export-links';
import { Pager } from './pager';
import { PastDayPicker } from './past-day-picker';
import { cellClasses, headerClasses, ReportLink, tableClasses, TableWrap } from './report-cells';
import { GroupFilter, StatusCounts, StatusFilter } from './report-filters';
import { StatusBadge } from './status-badge';

type Cell = TComplianceMatrix['rows'][number]['cells'][number];

/** What a cell says beside its status: the date that matters for it. */
function CellDetail({ cell }: { cell: Cell }) {
  const { t } = useTranslation('compliance');
  let text: string | null;
  if (cell.status === 'exempted') text = cell.exemptReason;
  else if (cell.validUntil && (cell.status === 'completed' || cell.status === 'expiring' || cell.status === 'expired'))
    text = t('matrix.validUntil', { date: formatDate(cell.validUntil) });
  else if (cell.completedAt) text = t('matrix.completedOn', { date: formatDate(cell.completedAt) });
  else text = t('matrix.due', { date: formatDate(cell.dueAt) });
  return (
    <span className="block text-xs text-muted-foreground">
      {text}
      {cell.score !== null && ` · ${t('matrix.score', { score: cell.score })}`}
    </span>
  );
}

/**
 * The compliance matrix: people × required courses, filtered by group, course and status, now or at
 * the end of a past day, a page of people at a time, with the counts per status and the report to
 * download as CSV, XLSX or PDF. A person's name leads to their training record, a course's to its
 * completion report.
 */
export function MatrixPanel({ access }: { access: TComplianceAccess }) {
  const { t } = useTranslation('compliance');
  const { data: me } = useMe();
  const pastDay = usePastDay();
  // A manager does not exempt themself; an admin may. An exemption is made now, not in a past view.
  const mayExempt = (userId: string) => !pastDay.day && (access.admin || userId !== me?.id);
  const [filters, setFilters] = useState<MatrixFilters>({});
  const [exempting, setExempting] = useState<ExemptTarget | null>(null);
  const matrix = useMatrix({ ...filters, at: pastDay.at });
  const requirements = useRequirements();
  const courses = [...new Map((requirements.data?.requirements ?? []).map((r) => [r.courseId, r.courseTitle])).entries()];
  const set = (change: MatrixFilters) => setFilters((current) => ({ ...current, ...change, page: undefined }));
  const data = matrix.data;

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <GroupFilter value={filters.group} onChange={(group) => set({ group })} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t('matrix.course')}
            <select className={inputClasses} value={filters.course ?? ''} onChange={(e) => set({ course: e.target.value || undefined })}>
              <option value="">{t('matrix.allCourses')}</option>
              {courses.map(([id, title]) => (
                <option key={id} value={id}>
                  {title}
                </option>
              ))}
            </select>
          </label>
          <StatusFilter value={filters.status} onChange={(status) => set({ status })} />
        </div>
        <PastDayPicker
          id="matrix-at"
          pastDay={{
            ...pastDay,
            setDay: (day) => {
              setFilters((f) => ({ ...f, page: undefined }));
              pastDay.setDay(day);
            },
          }}
        />
        <ExportLinks href={(format) => `/api/reports/compliance${reportQuery({ ...filters, at: pastDay.at, page: undefined }, format)}`} />
      </Card>

      {matrix.isPending ? (
        <Loading />
      ) : matrix.isError ? (
        <LoadFailed message={serverMessage(matrix.error) ?? t('matrix.failed')} onRetry={matrix.refetch} />
      ) : data!.columns.length === 0 ? (
        filters.group || filters.course || filters.status ? (
          <EmptyState icon={ClipboardList} level={2} title={t('matrix.noneMatch')} description={t('matrix.noneMatchHint')} />
        ) : (
          // The status tab has no heading of its own under the page's: the empty state's is the next level.
          <EmptyState
            icon={ClipboardList}
            level={2}
            title={pastDay.day ? t('matrix.emptyPast') : t('matrix.empty')}
            description={pastDay.day ? t('matrix.emptyPastHint') : t('matrix.emptyHint')}
          />
        )
      ) : (
        <>
          <StatusCounts counts={data!.counts} />
          <TableWrap label={t('matrix.caption', { count: data!.people })}>
            <table className={tableClasses}>
              <caption className="sr-only">{t('matrix.caption', { count: data!.people })}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className={headerClasses}>
                    {t('matrix.person')}
                  </th>
                  {data!.columns.map((column) => (
                    <th key={column.requirementId} scope="col" className={headerClasses}>
                      <span className="block">
                        <ReportLink to={coursePath(column.courseId, pastDay.query)}>{column.courseTitle}</ReportLink>
                      </span>
                      <span className="block text-xs font-normal text-muted-foreground">
                        {column.groupName ?? t('everyone')}
                        {column.recurMonths !== null && ` · ${t('matrix.every', { count: column.recurMonths })}`}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data!.rows.map((row) => (
                  <tr key={row.id} className="border-b border-border last:border-0">
                    <th scope="row" className="px-4 py-3 font-medium">
                      <span className="block">
                        <ReportLink to={personPath(row.id, pastDay.query)}>{row.name}</ReportLink>
                      </span>
                      <span className="block text-xs font-normal text-muted-foreground">{row.email}</span>
                    </th>
                    {data!.columns.map((column) => {
                      const cell = row.cells.find((c) => c.requirementId === column.requirementId);
                      return (
                        <td key={column.requirementId} className={cellClasses}>
                          {cell ? (
                            <>
                              <StatusBadge status={cell.status} />
                              <CellDetail cell={cell} />
                              {mayExempt(row.id) && (
                                <button
                                  type="button"
                                  className="mt-1 text-xs font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                                  aria-label={t(cell.status === 'exempted' ? 'exempt.liftFor' : 'exempt.for', {
                                    person: row.name,
                                    course: column.courseTitle,
                                  })}
                                  onClick={() =>
                                    setExempting({
                                      requirementId: column.requirementId,
                                      userId: row.id,
                                      person: row.name,
                                      course: column.courseTitle,
                                      exempted: cell.status === 'exempted',
                                    })
                                  }
                                >
                                  {t(cell.status === 'exempted' ? 'exempt.lift' : 'exempt.action')}
                                </button>
                              )}
                            </>
                          ) : (
                            <span className="text-muted-foreground">{t('matrix.notRequired')}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pager
            page={data!.page}
            pageSize={data!.pageSize}
            people={data!.people}
            fetching={matrix.isFetching}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
      {exempting && <ExemptDialog target={exempting} onClose={() => setExempting(null)} />}
    </div>
  );
}
