import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import BookOpen from 'lucide-react/icons/book-open';
import Plus from 'lucide-react/icons/plus';
import UserPlus from 'lucide-react/icons/user-plus';
import type { TInstructorCourse } from '@shared/schemas/dashboard.ts';
import { courseBuilderPath, CREATOR_PAGE_PATH } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingPart } from '@/components/ui/loading-part';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { serverMessage } from '@/lib/form-errors';
import { ShellLink } from '@/lib/shell-context';
import { useInstructorCourses } from '@/features/site/instructors/api';
import { ProgressBar } from './progress-bar';

// The assignment dialog (and Radix's dialog under it) loads when a course is first assigned.
const AssignDialog = lazy(() => import('./assign-dialog').then((m) => ({ default: m.CourseAssignDialog })));

const statusStyles: Record<TInstructorCourse['status'], string> = {
  published: 'border-success/50 text-success',
  draft: 'border-border text-muted-foreground',
  archived: 'border-danger/40 text-danger',
};

/**
 * The "Mine Kurser" tab, from GET /api/instructors/{me}/courses: status badge, title, description,
 * students, rating, revenue, completion, created and edited; each opens the builder, and a
 * published one can be assigned to members.
 */
export function CourseList({ userId, onCreateCourse }: { userId: string; onCreateCourse?: (() => void) | undefined }) {
  const { t } = useTranslation('account');
  const list = useInstructorCourses(userId);
  const [assigning, setAssigning] = useState<TInstructorCourse | null>(null);
  if (list.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        <Skeleton variant="card" />
        <Skeleton variant="card" />
        <Skeleton variant="card" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {serverMessage(list.error) ?? t('dashboard.courseList.failed')}
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        level={2}
        title={t('dashboard.empty.courses.title')}
        description={t('dashboard.empty.courses.description')}
      >
        {onCreateCourse && (
          <Button onClick={onCreateCourse}>
            <Plus aria-hidden="true" className="size-4" />
            {t('dashboard.createCourse')}
          </Button>
        )}
        <LinkButton variant="secondary" to={CREATOR_PAGE_PATH}>
          {t('dashboard.empty.courses.action')}
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="course-list">
        {list.data.map((course) => (
          <CourseCard key={course.id} course={course} onAssign={() => setAssigning(course)} />
        ))}
      </ul>
      {assigning && (
        <Suspense fallback={<LoadingPart />}>
          <AssignDialog course={assigning} onClose={() => setAssigning(null)} />
        </Suspense>
      )}
    </>
  );
}

function CourseCard({ course, onAssign }: { course: TInstructorCourse; onAssign: () => void }) {
  const { t } = useTranslation('account');
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm" data-testid="course-card">
      {course.thumbnail && <img src={course.thumbnail} alt="" className="aspect-video w-full rounded-xl object-cover" loading="lazy" />}
      <span className={cn('self-start rounded-full border bg-card px-2.5 py-0.5 text-xs font-semibold', statusStyles[course.status])}>
        {t(`dashboard.courseList.status.${course.status}`)}
      </span>
      <h2 className="text-lg font-semibold break-words">
        <ShellLink to={courseBuilderPath(course.id)} className="hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {course.title}
        </ShellLink>
      </h2>
      {course.description && <p className="line-clamp-3 text-sm text-muted-foreground">{course.description}</p>}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('dashboard.courseList.students')}</dt>
        <dd className="tabular-nums">{formatNumber(course.students)}</dd>
        <dt className="text-muted-foreground">{t('dashboard.courseList.rating')}</dt>
        <dd>
          {course.rating === null
            ? t('dashboard.courseList.noRating')
            : t('dashboard.courseList.ratingValue', { rating: formatNumber(course.rating), count: course.reviewCount })}
        </dd>
        <dt className="text-muted-foreground">{t('dashboard.courseList.revenue')}</dt>
        <dd className="tabular-nums">{formatMoney(course.revenue)}</dd>
        <dt className="text-muted-foreground">{t('dashboard.courseList.created')}</dt>
        <dd>{formatDate(course.createdAt)}</dd>
        <dt className="text-muted-foreground">{t('dashboard.courseList.edited')}</dt>
        <dd>{formatDate(course.updatedAt)}</dd>
      </dl>
      <ProgressBar
        value={course.completionRate}
        label={t('dashboard.courseList.completionOf', { title: course.title })}
        text={t('dashboard.courseList.completion', { rate: course.completionRate, done: course.completions, total: course.students })}
      />
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <LinkButton
          to={courseBuilderPath(course.id)}
          variant="secondary"
          size="sm"
          aria-label={t('dashboard.courseList.openNamed', { title: course.title })}
        >
          {t('dashboard.courseList.open')}
        </LinkButton>
        {course.status === 'published' && (
          <Button size="sm" variant="secondary" onClick={onAssign} aria-label={t('dashboard.assign.openNamed', { title: course.title })}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('dashboard.assign.open')}
          </Button>
        )}
      </div>
    </li>
  );
}
