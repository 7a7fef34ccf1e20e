import type { ComplianceStatus } from '@shared/schemas/compliance.ts';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

/** The dot's colour says it at a glance; the word says it to everyone (the text keeps the page's contrast). */
const DOT: Record<ComplianceStatus, string> = {
  'not-started': 'bg-muted-foreground',
  'in-progress': 'bg-accent',
  completed: 'bg-success',
  expiring: 'bg-amber-500',
  overdue: 'bg-danger',
  expired: 'bg-danger',
  exempted: 'bg-border',
};

export function StatusBadge({ status, className }: { status: ComplianceStatus; className?: string }) {
  const { t } = useTranslation('compliance');
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-foreground', className)}>
      <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', DOT[status])} />
      {t(`status.${status}`)}
    </span>
  );
}
