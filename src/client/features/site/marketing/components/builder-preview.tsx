import Check from 'lucide-react/icons/check';
import { useTranslation } from '@/lib/use-translation';

/**
 * The course-builder preview on the landing page: a picture of the builder drawn in markup
 * (course title, lessons, intro video, course materials, quiz assessment, add new lesson). It is an
 * illustration, announced as one, not a control.
 */
export function BuilderPreview() {
  const { t } = useTranslation('page-home');
  const points = t('builder.points', { returnObjects: true }) as string[];
  // Each lesson's kind as the builder colours it (a dot, not an icon: this page's JavaScript budget is tight).
  const lessons = [
    { dot: 'bg-accent', title: t('builder.introVideo'), meta: t('builder.minutes', { count: 4 }) },
    { dot: 'bg-primary', title: t('builder.lesson'), meta: t('builder.minutes', { count: 12 }) },
    { dot: 'bg-muted-foreground', title: t('builder.materials'), meta: t('builder.files', { count: 3 }) },
    { dot: 'bg-success', title: t('builder.quiz'), meta: t('builder.questions', { count: 10 }) },
  ];
  return (
    <section
      aria-labelledby="builder-title"
      className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:px-8"
    >
      <div>
        <h2 id="builder-title" className="text-3xl font-bold tracking-tight">
          {t('builder.title')}
        </h2>
        <p className="mt-3 leading-relaxed text-muted-foreground">{t('builder.lead')}</p>
        <ul className="mt-6 flex flex-col gap-3">
          {points.map((point) => (
            <li key={point} className="flex gap-2">
              <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-success" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <figure
        role="img"
        aria-label={t('builder.previewLabel')}
        className="rounded-2xl border border-border bg-card p-5 shadow-lg"
        data-testid="builder-preview"
      >
        <div aria-hidden="true">
          <div className="flex items-center justify-between gap-3">
            <p className="font-semibold">{t('builder.courseTitle')}</p>
            <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">{t('builder.draft')}</span>
          </div>
          <p className="mt-4 text-sm font-medium text-muted-foreground">{t('builder.module')}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {lessons.map(({ dot, title, meta }) => (
              <li key={title} className="flex items-center gap-3 rounded-xl border border-border bg-background px-3 py-2.5 text-sm">
                <span className={`size-2.5 shrink-0 rounded-full ${dot}`} />
                <span className="flex-1 truncate">{title}</span>
                <span className="text-muted-foreground">{meta}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex items-center justify-center gap-2 rounded-xl border border-dashed border-border px-3 py-2.5 text-sm text-muted-foreground">
            + {t('builder.addLesson')}
          </p>
        </div>
      </figure>
    </section>
  );
}
