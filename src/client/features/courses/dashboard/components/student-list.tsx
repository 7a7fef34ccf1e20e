import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Users from 'lucide-react/icons/users';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useInstructorStudents } from '@/features/site/instructors/api';
import { relativeTime } from '@/lib/relative-time';
import { ProgressBar } from './progress-bar';
import { LoadFailed } from '@/components/ui/load-state';

/**
 * The "Kursister" tab, from GET …/students: who learns on the instructor's courses. Mounted only
 * while its tab is open, so the request is made then.
 */
export function StudentList({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const students = useInstructorStudents(userId);
  const [now] = useState(() => Date.now());
  if (students.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        <Skeleton variant="card" />
        <Skeleton variant="card" />
      </div>
    );
  }
  if (students.isError) {
    return <LoadFailed message={t('dashboard.students.failed')} onRetry={students.refetch} />;
  }
  if (students.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        level={2}
        title={t('dashboard.empty.students.title')}
        description={t('dashboard.empty.students.description')}
      />
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="student-list">
      {students.data.map((student) => (
        <li
          key={student.id}
          className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm"
          data-testid="student-card"
        >
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent"
            >
              {(student.name.trim()[0] ?? '?').toUpperCase()}
            </span>
            <div className="min-w-0">
              <h2 className="font-semibold break-words">{student.name}</h2>
              <a href={`mailto:${student.email}`} className="text-sm break-all text-accent underline-offset-2 hover:underline">
                {student.email}
              </a>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('dashboard.students.company')}</dt>
            <dd className="break-words">{student.company}</dd>
            <dt className="text-muted-foreground">{t('dashboard.students.courses')}</dt>
            <dd className="tabular-nums">{formatNumber(student.enrolledCourses)}</dd>
            <dt className="text-muted-foreground">{t('dashboard.students.lastActive')}</dt>
            <dd>
              <time dateTime={student.lastActive} title={formatDate(student.lastActive)}>
                {relativeTime(student.lastActive, currentLocale(), now)}
              </time>
            </dd>
          </dl>
          <ProgressBar
            value={student.averageProgress}
            label={t('dashboard.students.progressOf', { name: student.name })}
            text={t('dashboard.students.progress', { progress: student.averageProgress })}
          />
        </li>
      ))}
    </ul>
  );
}
