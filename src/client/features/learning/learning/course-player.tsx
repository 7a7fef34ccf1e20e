import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleCheck from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import { playerPath } from '@shared/routes.ts';
import type { TDownloadContent, TScormContent, TTextContent, TVideoContent } from '@shared/schemas/lesson-content.ts';
import type { TPlayerLesson, TPlayerOutline } from '@shared/schemas/learning.ts';
import { Button } from '@/components/ui/button';
import { useCertificatesByCourse } from '@/features/learning/certificates/api/certificates';
import { CertificateLinks } from '@/features/learning/certificates/components/certificate-links';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import {
  scormStart,
  useCompleteLesson,
  useLesson,
  useOutline,
  useSavePosition,
  useSaveScormRun,
} from '@/features/learning/learning/api/learning';
import { CourseQuestions } from '@/features/learning/learning/components/course-questions';
import { CourseReview } from '@/features/learning/learning/components/course-review';
import { QuizPlayer } from '@/features/learning/learning/components/quiz-player';
import { DownloadLessonView } from '@/components/lesson-views/download-view';
import { RichTextView } from '@/components/lesson-views/rich-text-view';
import { VideoPlayer } from '@/components/lesson-views/video-view';
import { serverMessage } from '@/lib/form-errors';
import { useChatPlace } from '@/lib/chat-place';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** A SCORM lesson's view, with its runtime, is loaded when one opens. */
const ScormView = lazy(() => import('@/components/lesson-views/scorm-view'));

/** How often a playing video's position is saved (and when it pauses or ends). */
const SAVE_EVERY_SECONDS = 10;

/**
 * The course player, /learn/:courseId/:lessonId: the outline with completion marks,
 * the lesson (one request), previous / next, mark as complete, video positions saved and resumed.
 * Without a lesson in the address it opens where the learner left off.
 */
export function CoursePlayer() {
  const { courseId = '', lessonId } = useParams();
  const { t } = useTranslation('learning');
  const { navigate } = useShell();
  const outline = useOutline(courseId);
  const current = lessonId ?? null;
  const lesson = useLesson(courseId, current);
  // Asked for once the course is complete (cached after: a lesson change asks nothing more).
  const certificates = useCertificatesByCourse(Boolean(outline.data?.completedAt));
  const certificate = certificates.data?.get(courseId);
  usePageMeta(lesson.data ? `${lesson.data.title} · ${outline.data?.title ?? ''}` : (outline.data?.title ?? t('metaTitle')));
  // The chat widget's assistants know the course and the lesson on screen.
  useChatPlace(
    outline.data
      ? { courseId, lessonId: lesson.data?.id, title: lesson.data ? `${outline.data.title} – ${lesson.data.title}` : outline.data.title }
      : null,
  );

  useEffect(() => {
    if (!lessonId && outline.data?.continueLessonId) navigate(playerPath(courseId, outline.data.continueLessonId), { replace: true });
  }, [lessonId, outline.data, courseId, navigate]);

  if (outline.isError) {
    return (
      <Container className="flex max-w-xl flex-col items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{t('player.notEnrolled')}</h1>
        <LinkButton to="/courses">{t('player.toCatalogue')}</LinkButton>
      </Container>
    );
  }
  if (!outline.data) {
    return (
      <Container className="py-20">
        <p role="status" className="text-muted-foreground">
          {t('player.loading')}
        </p>
      </Container>
    );
  }
  const flat = outline.data.modules.flatMap((m) => m.lessons);
  const index = flat.findIndex((l) => l.id === current);

  return (
    <Container className="grid max-w-7xl gap-8 py-8 lg:grid-cols-[300px_minmax(0,1fr)]">
      <Outline outline={outline.data} courseId={courseId} current={current} />
      <section className="flex min-w-0 flex-col gap-6" aria-labelledby="lesson-title" data-testid="player">
        {outline.data.completedAt && (
          <div className="flex flex-col gap-3 rounded-xl border border-success/40 bg-success/10 p-4">
            <p role="status" className="font-medium" data-testid="course-completed">
              {t('player.courseCompleted')}
            </p>
            {certificate && <CertificateLinks certificate={certificate} courseTitle={outline.data.title} />}
          </div>
        )}
        {lesson.isError ? (
          <p role="alert" className="text-danger">
            {serverMessage(lesson.error) ?? t('player.failed')}
          </p>
        ) : !lesson.data ? (
          <p role="status" className="text-muted-foreground">
            {t('player.loading')}
          </p>
        ) : (
          <Lesson key={lesson.data.id} courseId={courseId} lesson={lesson.data} position={index + 1} count={flat.length} />
        )}
        {/* After the first lesson has loaded: opening it is what counts as having started the course. */}
        {lesson.data && <CourseQuestions courseId={courseId} lessonId={lesson.data.id} />}
        {lesson.data && <CourseReview courseId={courseId} />}
      </section>
    </Container>
  );
}

/** Wide screens show the outline beside the lesson; on a phone it starts folded, so the lesson comes first. */
const WIDE = '(min-width: 1024px)';

function Outline({ outline, courseId, current }: { outline: TPlayerOutline; courseId: string; current: string | null }) {
  const { t } = useTranslation('learning');
  const [open, setOpen] = useState(() => window.matchMedia(WIDE).matches);
  const lessons = outline.modules.flatMap((m) => m.lessons);
  return (
    <aside className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start" aria-labelledby="outline-title">
      <ShellLink to="/learn" className="text-sm font-medium text-accent hover:underline">
        ← {t('player.backToLearning')}
      </ShellLink>
      <div>
        <p className="text-lg font-semibold">{outline.title}</p>
        <p className="text-sm text-muted-foreground">{t('player.progress', { progress: outline.progress })}</p>
        <div
          role="progressbar"
          aria-label={t('player.progress', { progress: outline.progress })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={outline.progress}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${outline.progress}%` }} />
        </div>
      </div>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="mb-2 flex cursor-pointer list-none items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground transition-transform group-open:rotate-90" />
          <h2 id="outline-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('player.outline')}
          </h2>
          <span className="text-sm text-muted-foreground">
            · {t('player.outlineCount', { done: lessons.filter((l) => l.completed).length, count: lessons.length })}
          </span>
        </summary>
        <nav aria-labelledby="outline-title">
          <ol className="flex flex-col gap-4">
            {outline.modules.map((module) => (
              <li key={module.id}>
                <p className="mb-1 text-sm font-semibold">{module.title}</p>
                <ol className="flex flex-col gap-0.5">
                  {module.lessons.map((lesson) => (
                    <li key={lesson.id}>
                      <ShellLink
                        to={playerPath(courseId, lesson.id)}
                        aria-current={lesson.id === current ? 'page' : undefined}
                        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted aria-[current=page]:bg-accent-soft aria-[current=page]:font-medium"
                        data-testid="outline-lesson"
                      >
                        {lesson.completed ? (
                          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
                        ) : (
                          <Circle aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                        )}
                        <span className="min-w-0 flex-1">{lesson.title}</span>
                        <span className="sr-only">({lesson.completed ? t('player.lessonDone') : t('player.lessonOpen')})</span>
                      </ShellLink>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </nav>
      </details>
    </aside>
  );
}

/**
 * An uploaded video whose position is saved as it plays and resumed on return. What it has played
 * goes with each save; 90 % of it played completes the lesson (seeking past it does not).
 */
function TrackedVideo({ courseId, lesson, src }: { courseId: string; lesson: TPlayerLesson; src: string }) {
  const { t } = useTranslation('lesson-editors');
  const ref = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
  // While the player looks for the length of a file that does not state it, its jumps are not the learner's.
  const probing = useRef(false);
  const savePosition = useSavePosition(courseId, lesson.id);
  const save = (force: boolean) => {
    const video = ref.current;
    if (!video || probing.current) return;
    if (!force && Math.abs(video.currentTime - lastSaved.current) < SAVE_EVERY_SECONDS) return;
    lastSaved.current = video.currentTime;
    void savePosition(video).catch(() => undefined);
  };
  const resume = (video: HTMLVideoElement) => {
    if (lesson.positionSeconds > 0 && lesson.positionSeconds < video.duration) video.currentTime = lesson.positionSeconds;
    lastSaved.current = lesson.positionSeconds;
  };
  return (
    <video
      ref={ref}
      controls
      preload="metadata"
      className="aspect-video w-full rounded-lg bg-black"
      src={src}
      data-testid="lesson-video"
      onLoadedMetadata={(e) => {
        const video = e.currentTarget;
        if (Number.isFinite(video.duration)) {
          resume(video);
          return;
        }
        // A video recorded in a browser (WebM from MediaRecorder) does not state its length: seeking
        // past the end makes the browser find it, and the place to resume from is set after.
        probing.current = true;
        const found = () => {
          if (!Number.isFinite(video.duration)) return;
          video.removeEventListener('durationchange', found);
          video.currentTime = 0;
          probing.current = false;
          resume(video);
        };
        video.addEventListener('durationchange', found);
        video.currentTime = Number.MAX_SAFE_INTEGER;
      }}
      onTimeUpdate={() => save(false)}
      onPause={() => save(true)}
      onEnded={() => save(true)}
    >
      {t('video.unsupported')}
    </video>
  );
}

function Lesson({ courseId, lesson, position, count }: { courseId: string; lesson: TPlayerLesson; position: number; count: number }) {
  const { t } = useTranslation('learning');
  const complete = useCompleteLesson(courseId, lesson.id);
  const saveScorm = useSaveScormRun(courseId, lesson.id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const video = lesson.kind === 'video' ? (lesson.content as TVideoContent).video : null;

  return (
    <article className="flex flex-col gap-6">
      <header>
        <p className="text-sm text-muted-foreground">{t('player.lessonOf', { n: position, count })}</p>
        <h1 id="lesson-title" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
          {lesson.title}
        </h1>
      </header>
      {lesson.kind === 'text' && <RichTextView doc={lesson.content as TTextContent} />}
      {lesson.kind === 'download' && (
        <DownloadLessonView
          content={{ ...(lesson.content as TDownloadContent), files: (lesson.content as Partial<TDownloadContent>).files ?? [] }}
        />
      )}
      {lesson.kind === 'video' && (
        <div className="flex flex-col gap-4">
          {video?.source === 'upload' ? (
            <TrackedVideo courseId={courseId} lesson={lesson} src={`/api/uploads/${encodeURIComponent(video.uploadId)}`} />
          ) : (
            video && <VideoPlayer video={video} title={lesson.title} />
          )}
          {video?.source === 'upload' && <p className="text-sm text-muted-foreground">{t('player.videoHint')}</p>}
          {(lesson.content as TVideoContent).notes && <RichTextView doc={(lesson.content as TVideoContent).notes!} />}
        </div>
      )}
      {lesson.kind === 'quiz' && <QuizPlayer courseId={courseId} lesson={lesson} />}
      {lesson.kind === 'scorm' && (
        <Suspense fallback={null}>
          <ScormView
            content={lesson.content as TScormContent}
            title={lesson.title}
            start={(signal) => scormStart(courseId, lesson.id, signal)}
            onCommit={saveScorm}
          />
        </Suspense>
      )}

      <footer className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
        {lesson.kind === 'scorm' && !lesson.completed && <p className="text-sm text-muted-foreground">{t('player.scormHint')}</p>}
        {lesson.kind !== 'quiz' &&
          (lesson.completed ? (
            <p className="flex items-center gap-1.5 font-medium text-success" data-testid="lesson-completed">
              <CircleCheck aria-hidden="true" className="size-4" />
              {t('player.completed')}
            </p>
          ) : (
            lesson.kind !== 'scorm' && (
              <Button onClick={() => complete.mutate()} disabled={complete.isPending}>
                {complete.isPending ? t('player.marking') : t('player.markComplete')}
              </Button>
            )
          ))}
        {complete.error && (
          <p role="alert" className="text-sm text-danger">
            {serverMessage(complete.error) ?? t('player.failed')}
          </p>
        )}
        <span className="ms-auto flex gap-2">
          {lesson.previousLessonId && (
            <LinkButton variant="secondary" to={playerPath(courseId, lesson.previousLessonId)}>
              {t('player.previous')}
            </LinkButton>
          )}
          {lesson.nextLessonId && <LinkButton to={playerPath(courseId, lesson.nextLessonId)}>{t('player.next')}</LinkButton>}
        </span>
      </footer>
    </article>
  );
}
