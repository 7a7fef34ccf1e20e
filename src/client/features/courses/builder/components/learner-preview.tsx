import { Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useQueries } from '@tanstack/react-query';
import type { TCourse } from '@shared/schemas/courses.ts';
import type { LessonContent } from '@shared/schemas/lesson-content.ts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { serverMessage } from '@/lib/form-errors';
import { lessonQueryOptions } from '../api/courses';
import { LessonView } from './lesson-views';

/** The course as a learner will see it: settings' summary, then every module and lesson, read-only. */
export function LearnerPreview({ course }: { course: TCourse }) {
  const { t } = useTranslation('builder');
  const lessons = course.modules.flatMap((module) => module.lessons);
  const results = useQueries({ queries: lessons.map((lesson) => lessonQueryOptions(lesson.id)) });
  const byId = new Map(lessons.map((lesson, index) => [lesson.id, results[index]]));
  return (
    <article aria-labelledby="preview-title" className="mx-auto flex max-w-3xl flex-col gap-8" data-testid="learner-preview">
      <p className="rounded-xl border border-accent/50 p-3 text-sm">{t('preview.note')}</p>
      <header className="flex flex-col gap-3">
        {course.thumbnailUrl && <img src={course.thumbnailUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" />}
        <h2 id="preview-title" className="text-3xl font-bold">
          {course.title}
        </h2>
        {course.subtitle && <p className="text-lg text-muted-foreground">{course.subtitle}</p>}
        <p className="text-sm text-muted-foreground">
          {[
            t(`levels.${course.level}`),
            t(`categories.${course.category}`),
            course.durationMinutes ? t('preview.minutes', { count: course.durationMinutes }) : null,
            course.pricing === 'free' ? t('pricings.free') : formatMoney(course.price, course.currency),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {course.description && <p className="leading-relaxed whitespace-pre-line">{course.description}</p>}
        {course.learningObjectives.length > 0 && (
          <>
            <h3 className="font-semibold">{t('settings.objectives')}</h3>
            <ul className="list-disc pl-5">
              {course.learningObjectives.map((objective) => (
                <li key={objective}>{objective}</li>
              ))}
            </ul>
          </>
        )}
      </header>
      {course.modules.map((module, index) => (
        <section key={module.id} aria-labelledby={`preview-module-${module.id}`} className="flex flex-col gap-6">
          <h3 id={`preview-module-${module.id}`} className="border-b border-border pb-2 text-xl font-semibold">
            {t('preview.module', { n: index + 1, title: module.title })}
          </h3>
          {module.lessons.map((lesson) => {
            const result = byId.get(lesson.id);
            return (
              <section
                key={lesson.id}
                aria-labelledby={`preview-lesson-${lesson.id}`}
                className="flex flex-col gap-3"
                data-testid="preview-lesson"
              >
                <h4 id={`preview-lesson-${lesson.id}`} className="text-lg font-semibold">
                  {lesson.title}
                </h4>
                {result?.isPending && <Skeleton variant="text" lines={4} />}
                {result?.isError && <p className="text-sm text-danger">{serverMessage(result.error) ?? t('lesson.loadFailed')}</p>}
                {result?.data && (
                  <Suspense fallback={<Skeleton variant="text" lines={4} />}>
                    <LessonView
                      kind={result.data.kind}
                      title={result.data.title}
                      content={result.data.content as LessonContent}
                      mode="learner"
                    />
                  </Suspense>
                )}
              </section>
            );
          })}
        </section>
      ))}
    </article>
  );
}
