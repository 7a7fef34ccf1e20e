import { useTranslation } from '@/lib/use-translation';
import type { CourseStatus } from '@shared/schemas/courses.ts';
import { cn } from '@/lib/cn';

const styles: Record<CourseStatus, string> = {
  published: 'border-success/50 text-success',
  draft: 'border-border text-muted-foreground',
  archived: 'border-danger/40 text-danger',
};

/** A course's status: Udgivet, Kladde, Arkiveret (Published, Draft, Archived). */
export function StatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation('builder');
  return (
    <span
      data-testid="course-status"
      className={cn('inline-flex items-center rounded-full border bg-card px-2.5 py-0.5 text-xs font-semibold', styles[status])}
    >
      {t(`status.${status}`)}
    </span>
  );
}
