import { useTranslation } from '@/lib/use-translation';
import type { TAnalytics } from '@shared/schemas/dashboard.ts';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { Dash } from './dash';

const COLUMNS = ['course', 'students', 'completions', 'progress', 'revenue', 'rating', 'views'] as const;

/** The course performance table: one row per course of the instructor, a real table with headers. */
export function PerformanceTable({ rows, days }: { rows: TAnalytics['coursePerformance']; days: number }) {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-3">
      <h2 id="performance-title" className="font-semibold">
        {t('dashboard.analytics.performance')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('dashboard.analytics.noCourses')}</p>
      ) : (
        // The table scrolls sideways on a phone rather than squeezing its figures.
        <div
          className="overflow-x-auto rounded-2xl border border-border bg-card"
          role="region"
          aria-labelledby="performance-title"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm" data-testid="performance-table">
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={column === 'course' ? 'px-4 py-3 font-medium' : 'px-4 py-3 text-right font-medium'}
                  >
                    {t(`dashboard.analytics.columns.${column}`, { days })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.courseId}>
                  <th scope="row" className="max-w-64 px-4 py-3 font-medium break-words">
                    {row.courseName}
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(row.students)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {formatNumber(row.completions)}{' '}
                    <span className="text-muted-foreground">({formatPercent(row.completionRate / 100)})</span>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatPercent(row.averageProgress / 100)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatMoney(row.revenue)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {row.rating === null ? <Dash label={t('dashboard.analytics.noRating')} /> : formatNumber(row.rating)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(row.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
