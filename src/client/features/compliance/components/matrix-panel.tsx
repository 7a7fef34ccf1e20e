import { useState } from 'react';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Download from 'lucide-react/icons/download';
import { COMPLIANCE_STATUSES, type ComplianceStatus, type TComplianceAccess, type TComplianceMatrix } from '@shared/schemas/compliance.ts';
import { buttonClasses, Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/input';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/me';
import { serverMessage } from '@/lib/form-errors';
import { formatDate, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { reportQuery, useGroups, useMatrix, useRequirements, type MatrixFilters } from '../api/compliance';
import { ExemptDialog, type ExemptTarget } from './exempt-dialog';
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
 * The compliance matrix: people × required courses, filtered by group, course and status, a page of
 * people at a time, with the counts per status and the report to download as CSV, XLSX or PDF.
 */
export function MatrixPanel({ access }: { access: TComplianceAccess }) {
  const { t } = useTranslation('compliance');
  const { data: me } = useMe();
  // A manager does not exempt themself; an admin may.
  const mayExempt = (userId: string) => access.admin || userId !== me?.id;
  const [filters, setFilters] = useState<MatrixFilters>({});
  const [exempting, setExempting] = useState<ExemptTarget | null>(null);
  const matrix = useMatrix(filters);
  const groups = useGroups();
  const requirements = useRequirements();
  const courses = [...new Map((requirements.data?.requirements ?? []).map((r) => [r.courseId, r.courseTitle])).entries()];
  const set = (change: MatrixFilters) => setFilters((current) => ({ ...current, ...change, page: undefined }));
  const data = matrix.data;
  const pages = data ? Math.max(1, Math.ceil(data.people / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t('matrix.group')}
            <select className={inputClasses} value={filters.group ?? ''} onChange={(e) => set({ group: e.target.value || undefined })}>
              <option value="">{t('matrix.allGroups')}</option>
              {(groups.data?.groups ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
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
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t('matrix.statusFilter')}
            <select
              className={inputClasses}
              value={filters.status ?? ''}
              onChange={(e) => set({ status: (e.target.value || undefined) as ComplianceStatus | undefined })}
            >
              <option value="">{t('matrix.allStatuses')}</option>
              {COMPLIANCE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('matrix.export')}>
          <span className="text-sm font-medium">{t('matrix.export')}:</span>
          {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
            <a
              key={format}
              className={buttonClasses('secondary', 'sm')}
              href={`/api/reports/compliance${reportQuery({ ...filters, page: undefined }, format)}`}
              download
            >
              <Download aria-hidden="true" className="size-4" />
              {t(`matrix.${format}`)}
            </a>
          ))}
        </div>
      </Card>

      {matrix.isPending ? (
        <Loading />
      ) : matrix.isError ? (
        <LoadFailed message={serverMessage(matrix.error) ?? t('matrix.failed')} onRetry={matrix.refetch} />
      ) : data!.columns.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t('matrix.empty')} description={t('matrix.emptyHint')} />
      ) : (
        <>
          <ul className="flex flex-wrap gap-3" aria-label={t('matrix.counts')}>
            {COMPLIANCE_STATUSES.map((status) => (
              <li key={status} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
                <StatusBadge status={status} />
                <span className="text-sm font-semibold tabular-nums">{formatNumber(data!.counts[status])}</span>
              </li>
            ))}
          </ul>
          <div className="overflow-x-auto rounded-2xl border border-border bg-card">
            <table className="w-full min-w-max border-collapse text-left text-sm">
              <caption className="sr-only">{t('matrix.caption', { count: data!.people })}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('matrix.person')}
                  </th>
                  {data!.columns.map((column) => (
                    <th key={column.requirementId} scope="col" className="px-4 py-3 font-semibold">
                      <span className="block">{column.courseTitle}</span>
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
                      <span className="block">{row.name}</span>
                      <span className="block text-xs font-normal text-muted-foreground">{row.email}</span>
                    </th>
                    {data!.columns.map((column) => {
                      const cell = row.cells.find((c) => c.requirementId === column.requirementId);
                      return (
                        <td key={column.requirementId} className="px-4 py-3 align-top">
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
          </div>
          <nav className="flex items-center justify-between gap-3" aria-label={t('matrix.pages')}>
            <Button
              variant="secondary"
              size="sm"
              disabled={data!.page <= 1}
              onClick={() => setFilters((f) => ({ ...f, page: data!.page - 1 }))}
            >
              {t('matrix.previous')}
            </Button>
            <span className={cn('text-sm text-muted-foreground', matrix.isFetching && 'opacity-60')}>
              {t('matrix.pageOf', { page: data!.page, pages, count: data!.people })}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={data!.page >= pages}
              onClick={() => setFilters((f) => ({ ...f, page: data!.page + 1 }))}
            >
              {t('matrix.next')}
            </Button>
          </nav>
        </>
      )}
      {exempting && <ExemptDialog target={exempting} onClose={() => setExempting(null)} />}
    </div>
  );
}
