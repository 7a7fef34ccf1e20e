import type { ReactNode } from 'react';
import type { TComplianceCell } from '@shared/schemas/compliance.ts';
import { ShellLink } from '@/lib/shell-context';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { StatusBadge } from './status-badge';

/** A link in a report's table: a quiet underline says it leads on, without turning the table blue. */
const reportLinkClasses =
  'text-foreground underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-foreground focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring';

export function ReportLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ShellLink to={to} className={reportLinkClasses}>
      {children}
    </ShellLink>
  );
}

/** An empty cell: a dash to the eye, a word to a screen reader. */
export function Blank() {
  const { t } = useTranslation('compliance');
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        –
      </span>
      <span className="sr-only">{t('report.none')}</span>
    </>
  );
}

export function DateCell({ iso }: { iso: string | null }) {
  return iso ? <>{formatDate(iso)}</> : <Blank />;
}

/** The status, and for an exemption its reason. */
export function StatusCell({ cell }: { cell: Pick<TComplianceCell, 'status' | 'exemptReason'> }) {
  return (
    <>
      <StatusBadge status={cell.status} />
      {cell.status === 'exempted' && cell.exemptReason && (
        <span className="block max-w-64 text-xs break-words text-muted-foreground">{cell.exemptReason}</span>
      )}
    </>
  );
}

/** Until when a completion holds: a date, "does not expire" for a course taken once, or nothing before it is done. */
export function ValidUntilCell({ cell }: { cell: Pick<TComplianceCell, 'completedAt' | 'validUntil'> }) {
  const { t } = useTranslation('compliance');
  if (cell.validUntil) return <>{formatDate(cell.validUntil)}</>;
  return cell.completedAt ? <>{t('report.forever')}</> : <Blank />;
}

export function ScoreCell({ score }: { score: number | null }) {
  const { t } = useTranslation('compliance');
  return score === null ? <Blank /> : <>{t('matrix.score', { score })}</>;
}

/** The header cells of a table of statuses with their dates, after its first column(s). */
export function StatusHeaders() {
  const { t } = useTranslation('compliance');
  return (
    <>
      <th scope="col" className={headerClasses}>
        {t('report.status')}
      </th>
      <th scope="col" className={headerClasses}>
        {t('report.due')}
      </th>
      <th scope="col" className={headerClasses}>
        {t('report.completed')}
      </th>
      <th scope="col" className={headerClasses}>
        {t('report.validUntil')}
      </th>
      <th scope="col" className={headerClasses}>
        {t('report.score')}
      </th>
    </>
  );
}

/** The data cells that go under StatusHeaders. */
export function StatusCells({ cell }: { cell: TComplianceCell }) {
  return (
    <>
      <td className={cellClasses}>
        <StatusCell cell={cell} />
      </td>
      <td className={cellClasses}>
        <DateCell iso={cell.dueAt} />
      </td>
      <td className={cellClasses}>
        <DateCell iso={cell.completedAt} />
      </td>
      <td className={cellClasses}>
        <ValidUntilCell cell={cell} />
      </td>
      <td className={`${cellClasses} tabular-nums`}>
        <ScoreCell score={cell.score} />
      </td>
    </>
  );
}

export const headerClasses = 'px-4 py-3 font-semibold';
export const cellClasses = 'px-4 py-3 align-top';
/**
 * A report's table: scrolls sideways on a narrow screen rather than squeezing its columns, and can
 * take focus, so the keyboard scrolls it too when none of its cells has a link.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}
export const tableClasses = 'w-full min-w-max border-collapse text-left text-sm';
