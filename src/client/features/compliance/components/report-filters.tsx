import { COMPLIANCE_STATUSES, type ComplianceStatus } from '@shared/schemas/compliance.ts';
import { inputClasses } from '@/components/ui/input';
import { formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useGroups } from '../api/compliance';
import { StatusBadge } from './status-badge';

const labelClasses = 'flex flex-col gap-1.5 text-sm font-medium';

/** Which group's people a report shows: the caller's groups (an admin's every one). */
export function GroupFilter({ value, onChange }: { value: string | undefined; onChange: (group: string | undefined) => void }) {
  const { t } = useTranslation('compliance');
  const groups = useGroups();
  return (
    <label className={labelClasses}>
      {t('matrix.group')}
      <select className={inputClasses} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{t('matrix.allGroups')}</option>
        {(groups.data?.groups ?? []).map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function StatusFilter({
  value,
  onChange,
}: {
  value: ComplianceStatus | undefined;
  onChange: (status: ComplianceStatus | undefined) => void;
}) {
  const { t } = useTranslation('compliance');
  return (
    <label className={labelClasses}>
      {t('matrix.statusFilter')}
      <select
        className={inputClasses}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as ComplianceStatus | undefined)}
      >
        <option value="">{t('matrix.allStatuses')}</option>
        {COMPLIANCE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`status.${status}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How many of the report's cells are in each status. */
export function StatusCounts({ counts }: { counts: Record<ComplianceStatus, number> }) {
  const { t } = useTranslation('compliance');
  return (
    <ul className="flex flex-wrap gap-3" aria-label={t('matrix.counts')}>
      {COMPLIANCE_STATUSES.map((status) => (
        <li key={status} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
          <StatusBadge status={status} />
          <span className="text-sm font-semibold tabular-nums">{formatNumber(counts[status])}</span>
        </li>
      ))}
    </ul>
  );
}
