import { useEffect, useRef, useState } from 'react';
import { coursePreviewPath } from '@shared/course-preview-path.ts';
import { APP_ROUTE_PATTERNS, coursePagePath } from '@shared/routes.ts';
import type { TCoursePreview } from '@shared/schemas/catalogue.ts';
import type { TDownloadContent, TTextContent, TVideoContent } from '@shared/schemas/lesson-content.ts';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { ENROL_SECTION_ID } from '@/features/site/catalogue/enrol';
import { DownloadLessonView } from '@/components/lesson-views/download-view';
import { RichTextView } from '@/components/lesson-views/rich-text-view';
import { VideoLessonView } from '@/components/lesson-views/video-view';
import { api, isApiError } from '@/lib/api-client';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

const box = 'rounded-2xl border border-border bg-card p-6';

/**
 * A free preview lesson of a published course (/courses/:slug/preview/:lessonId), for anyone: the
 * lesson as a learner sees it, without progress, and the way to the course's enrolment. A light
 * public page: the lesson views it uses import no editor code.
 */
export function CoursePreviewPage() {
  const { t } = useTranslation('page-course');
  const { pathname } = useShell();
  const [, slug = '', lessonId = ''] = APP_ROUTE_PATTERNS.coursePreview.exec(pathname) ?? [];
  const key = `${slug}/${lessonId}`;
  // The preview (null: there is none at this address), or the error that stopped it loading.
  const [answer, setAnswer] = useState<{ key: string; preview?: TCoursePreview | null; error?: unknown }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!slug || !lessonId) return;
    const controller = new AbortController();
    api.get<TCoursePreview>(`/api/catalogue/${slug}/previews/${encodeURIComponent(lessonId)}`, controller.signal).then(
      (preview) => setAnswer({ key, preview }),
      (error: unknown) =>
        controller.signal.aborted || setAnswer(isApiError(error) && error.status === 404 ? { key, preview: null } : { key, error }),
    );
    return () => controller.abort();
  }, [slug, lessonId, key, attempt]);
  const mine = answer?.key === key ? answer : undefined;
  const preview = mine?.preview ?? null;
  const known = !slug || mine?.preview !== undefined;

  usePageMeta(preview ? `${preview.title} · ${preview.course.title}` : known ? t('preview.notFoundTitle') : t('preview.badge'));

  if (mine?.error) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-2xl font-bold">{t('preview.failed')}</h1>
        <Button
          variant="secondary"
          onClick={() => {
            setAnswer(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!known) return <DelayedPlaceholder kind="content" />;
  if (!preview) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="preview-not-found">
        <h1 className="text-3xl font-bold">{t('preview.notFoundTitle')}</h1>
        <p className="text-muted-foreground">{t('preview.notFoundText')}</p>
        <LinkButton to={slug ? coursePagePath(slug) : '/courses'}>{t('preview.toCourse')}</LinkButton>
      </div>
    );
  }
  return <PreviewLesson key={preview.id} preview={preview} />;
}

function PreviewLesson({ preview }: { preview: TCoursePreview }) {
  const { t } = useTranslation('page-course');
  const heading = useRef<HTMLHeadingElement>(null);
  // Going from one preview to the next keeps the reader's place: on the new lesson's title.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const coursePath = coursePagePath(preview.course.slug);
  const others = preview.previews.filter((other) => other.id !== preview.id);
  return (
    <article
      className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6"
      aria-labelledby="preview-title"
      data-testid="course-preview"
    >
      <ShellLink to={coursePath} className="text-sm font-medium text-accent hover:underline">
        ← {t('preview.backToCourse', { course: preview.course.title })}
      </ShellLink>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-accent">{t('preview.eyebrow', { course: preview.course.title })}</p>
        <h1 id="preview-title" ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none sm:text-4xl">
          {preview.title}
        </h1>
      </header>
      {preview.kind === 'text' && <RichTextView doc={preview.content as TTextContent} />}
      {preview.kind === 'video' && <VideoLessonView content={preview.content as TVideoContent} />}
      {preview.kind === 'download' && (
        <DownloadLessonView
          content={{ ...(preview.content as TDownloadContent), files: (preview.content as Partial<TDownloadContent>).files ?? [] }}
        />
      )}
      <section aria-labelledby="preview-more" className={`${box} flex flex-col items-start gap-3`}>
        <h2 id="preview-more" className="text-lg font-semibold">
          {t('preview.moreTitle')}
        </h2>
        <p className="text-muted-foreground">{t('preview.moreText')}</p>
        <LinkButton to={`${coursePath}#${ENROL_SECTION_ID}`}>{t('preview.toCourse')}</LinkButton>
      </section>
      {others.length > 0 && (
        <nav aria-labelledby="preview-others">
          <h2 id="preview-others" className="mb-2 text-lg font-semibold">
            {t('preview.others')}
          </h2>
          <ul className="flex flex-col gap-1">
            {others.map((other) => (
              <li key={other.id}>
                <ShellLink to={coursePreviewPath(preview.course.slug, other.id)} className="text-accent hover:underline">
                  {other.title}
                </ShellLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
