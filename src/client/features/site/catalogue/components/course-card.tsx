import { useTranslation } from '@/lib/use-translation';
import { coursePagePath } from '@shared/routes.ts';
import type { TCatalogueCourse } from '@shared/schemas/catalogue.ts';
import { LinkButton } from '@/components/ui/link-button';
import { useShell } from '@/lib/shell-context';
import { formatCoursePrice, formatDuration, formatLearners, formatRating } from '../course-format';
import { enrolTarget } from '../enrol';

/**
 * A course in the catalogue: what it is, who teaches it, for which company, and what it costs,
 * with Enroll Now and Preview. (No icons: the catalogue is a light page with little room.)
 */
export function CourseCard({ course }: { course: TCatalogueCourse }) {
  const { t } = useTranslation('page-courses');
  const { session } = useShell();
  const page = coursePagePath(course.slug);
  const facts = {
    instructor: course.instructor,
    company: course.company.name,
    category: t(`categories.${course.category}`),
    level: t(`levels.${course.level}`),
    duration: formatDuration(course.durationMinutes) ?? t('card.noDuration'),
    price: formatCoursePrice(course, t('price.free')),
    rating:
      course.averageRating === null
        ? t('card.noRating')
        : t('card.ratingValue', { rating: formatRating(course.averageRating), count: course.reviewCount }),
    ...(course.learners === null ? {} : { learners: formatLearners(course.learners, t('card.learnersFew')) }),
  };
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card" data-testid="course-card">
      {course.thumbnailUrl ? (
        <img src={course.thumbnailUrl} alt="" loading="lazy" className="aspect-video w-full object-cover" />
      ) : (
        <div className="aspect-video bg-accent-soft" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold">{course.title}</h2>
        {course.subtitle && <p className="text-sm text-muted-foreground">{course.subtitle}</p>}
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {Object.entries(facts).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{t(`card.${key}` as 'card.price')}</dt>
              <dd data-testid={`course-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex gap-2">
          <LinkButton to={enrolTarget(course.slug, session)} size="sm">
            {t('card.enroll')}
          </LinkButton>
          <LinkButton to={page} size="sm" variant="secondary">
            {t('card.preview')}
          </LinkButton>
        </div>
      </div>
    </article>
  );
}
