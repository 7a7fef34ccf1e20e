import { useTranslation } from '@/lib/use-translation';
import BookOpen from 'lucide-react/icons/book-open';
import Plus from 'lucide-react/icons/plus';
import type { TCourseSummary } from '@shared/schemas/courses.ts';
import { courseBuilderPath } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import { serverMessage } from '@/lib/form-errors';
import { ShellLink } from '@/lib/shell-context';
import { useCourseList } from '../api/courses';

const statusStyles: Record<TCourseSummary['status'], string> = {
  published: 'border-success/50 text-success',
  draft: 'border-border text-muted-foreground',
  archived: 'border-danger/40 text-danger',
};

/** SPEC §2 "Mine Kurser": the company's real courses (status, title, description, dates, lessons), each opening the builder. */
export function CourseList({ onCreateCourse }: { onCreateCourse?: (() => void) | undefined }) {
  const { t } = useTranslation('account');
  const list = useCourseList();
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
  const courses = list.data.courses;
  if (courses.length === 0) {
    return (
      <EmptyState icon={BookOpen} title={t('dashboard.empty.courses.title')} description={t('dashboard.empty.courses.description')}>
        {onCreateCourse && (
          <Button onClick={onCreateCourse}>
            <Plus aria-hidden="true" className="size-4" />
            {t('dashboard.createCourse')}
          </Button>
        )}
        <LinkButton variant="secondary" to="/course-creator">
          {t('dashboard.empty.courses.action')}
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="course-list">
      {courses.map((course) => (
        <li key={course.id} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm" data-testid="course-card">
          {course.thumbnailUrl && <img src={course.thumbnailUrl} alt="" className="aspect-video w-full rounded-xl object-cover" loading="lazy" />}
          <span className={cn('self-start rounded-full border bg-card px-2.5 py-0.5 text-xs font-semibold', statusStyles[course.status])}>
            {t(`dashboard.courseList.status.${course.status}`)}
          </span>
          <h3 className="text-lg font-semibold break-words">
            <ShellLink to={courseBuilderPath(course.id)} className="hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              {course.title}
            </ShellLink>
          </h3>
          {course.description && <p className="line-clamp-3 text-sm text-muted-foreground">{course.description}</p>}
          <dl className="mt-auto grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('dashboard.courseList.lessons')}</dt>
            <dd className="tabular-nums">{formatNumber(course.lessonCount)}</dd>
            <dt className="text-muted-foreground">{t('dashboard.courseList.created')}</dt>
            <dd>{formatDate(course.createdAt)}</dd>
            <dt className="text-muted-foreground">{t('dashboard.courseList.edited')}</dt>
            <dd>{formatDate(course.updatedAt)}</dd>
          </dl>
          <LinkButton to={courseBuilderPath(course.id)} variant="secondary" size="sm" aria-label={t('dashboard.courseList.openNamed', { title: course.title })}>
            {t('dashboard.courseList.open')}
          </LinkButton>
        </li>
      ))}
    </ul>
  );
}
