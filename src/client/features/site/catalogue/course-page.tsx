import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Download from 'lucide-react/icons/download';
import FileText from 'lucide-react/icons/file-text';
import ListChecks from 'lucide-react/icons/list-checks';
import PlayCircle from 'lucide-react/icons/circle-play';
import { coursePreviewPath } from '@shared/course-preview-path.ts';
import { APP_ROUTE_PATTERNS, playerPath } from '@shared/routes.ts';
import type { TCatalogueCourseDetail } from '@shared/schemas/catalogue.ts';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { api, isApiError } from '@/lib/api-client';
import { formatCoursePrice, formatDuration, formatLearners, formatRating } from '@/features/site/catalogue/course-format';
import { ENROL_SECTION_ID, enrolTarget } from '@/features/site/catalogue/enrol';
import { enrol } from '@/features/learning/learning/api/enrol';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';

// A SCORM lesson is played like a video: the public page keeps to the icons it already loads.
const KIND_ICONS = { text: FileText, video: PlayCircle, quiz: ListChecks, download: Download, scorm: PlayCircle } as const;
const box = 'rounded-2xl border border-border bg-card p-6';

/**
 * A course's public page in the catalogue (`/courses/:slug`): what the course is, its
 * outline (titles only, never lesson contents; a free preview links to its own page), the instructor and the company, and Enroll Now,
 * which is honest about enrolment not being open yet. A light public page, like the catalogue:
 * plain fetch, few icons, its own strings.
 */
/** Buying a paid course: its own chunk, loaded only for a paid course and a logged-in visitor. */
const BuyCourse = lazy(() => import('@/features/commerce/billing/buy-course'));

/** Enrols the logged-in visitor (idempotent) and opens the course in the player. */
function EnrolButton({ courseId }: { courseId: string }) {
  const { t } = useTranslation('page-course');
  const { navigate } = useShell();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        disabled={pending}
        onClick={() => {
          setPending(true);
          setError(null);
          enrol(courseId).then(
            () => navigate(playerPath(courseId)),
            (failure: unknown) => {
              setPending(false);
              setError((isApiError(failure) && failure.body?.message) || t('enrol.failed'));
            },
          );
        }}
      >
        {pending ? t('enrol.pending') : t('enrol.action')}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </>
  );
}

export function CoursePage() {
  const { t } = useTranslation('page-course');
  const { pathname } = useShell();
  // The full app's route takes any name after /courses/; one that cannot be a course's is not one.
  const slug = APP_ROUTE_PATTERNS.coursePage.exec(pathname)?.[1] ?? '';
  // The course (null: there is none by that name, a 404), or the error that stopped it loading.
  const [answer, setAnswer] = useState<{ slug: string; course?: TCatalogueCourseDetail | null; error?: unknown }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!slug) return;
    const controller = new AbortController();
    api.get<TCatalogueCourseDetail>(`/api/catalogue/${slug}`, controller.signal).then(
      (course) => setAnswer({ slug, course }),
      (error: unknown) =>
        controller.signal.aborted || setAnswer(isApiError(error) && error.status === 404 ? { slug, course: null } : { slug, error }),
    );
    return () => controller.abort();
  }, [slug, attempt]);
  const mine = answer?.slug === slug ? answer : undefined;
  const known = !slug || mine?.course !== undefined;
  const course = mine?.course ?? null;
  const error = mine?.error;
  const retry = () => {
    setAnswer(undefined);
    setAttempt((n) => n + 1);
  };

  // The AI-written SEO title and description when the course has them.
  usePageMeta(
    course ? (course.marketing?.seoTitle ?? course.title) : known ? t('notFound.title') : t('eyebrow'),
    course ? (course.marketing?.seoDescription ?? (course.subtitle || course.description.slice(0, 160))) : undefined,
  );

  // A link to the enrolment step ("Enroll Now" in the catalogue) lands on it once the course shows.
  useEffect(() => {
    if (!course || window.location.hash !== `#${ENROL_SECTION_ID}`) return;
    const section = document.getElementById(ENROL_SECTION_ID);
    section?.scrollIntoView({ block: 'center' });
    section?.focus({ preventScroll: true });
  }, [course]);

  // An address without a course: search engines should not keep it.
  const missing = known && !course;
  useEffect(() => {
    if (!missing) return;
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, [missing]);

  if (error && !known) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-2xl font-bold">{t('failed')}</h1>
        <Button variant="secondary" onClick={retry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!known) return <DelayedPlaceholder kind="content" />;
  if (!course) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="course-not-found">
        <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
        <p className="text-muted-foreground">{t('notFound.description')}</p>
        <LinkButton to="/courses">{t('notFound.action')}</LinkButton>
      </div>
    );
  }
  return <CourseDetail course={course} />;
}

function CourseDetail({ course }: { course: TCatalogueCourseDetail }) {
  const { t } = useTranslation('page-course');
  const { session } = useShell();
  const facts = {
    level: t(`levels.${course.level}`),
    duration: formatDuration(course.durationMinutes) ?? t('fact.noDuration'),
    language: t(`languages.${course.language}`),
    lessonCount: String(course.modules.reduce((sum, module) => sum + module.lessons.length, 0)),
    category: t(`categories.${course.category}`),
    rating:
      course.averageRating === null
        ? t('fact.noRating')
        : t('fact.ratingValue', { rating: formatRating(course.averageRating), count: course.reviewCount }),
    ...(course.learners === null ? {} : { learners: formatLearners(course.learners, t('fact.learnersFew')) }),
  };
  const section = (id: string, title: string, children: React.ReactNode) => (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <ShellLink to="/courses" className="text-sm font-medium text-accent hover:underline">
        ← {t('back')}
      </ShellLink>
      <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_340px]">
        <div className="flex min-w-0 flex-col gap-10">
          <header className="flex flex-col gap-4">
            <p className="text-sm font-medium text-accent">
              {t(`categories.${course.category}`)} · {t(`levels.${course.level}`)}
            </p>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{course.title}</h1>
            {course.subtitle && <p className="text-lg text-muted-foreground">{course.subtitle}</p>}
            <p>
              {t('by', { name: course.instructor })} · {course.company.name}
            </p>
          </header>
          {course.thumbnailUrl && (
            <img src={course.thumbnailUrl} alt="" width={1280} height={720} className="aspect-video w-full rounded-2xl object-cover" />
          )}
          {course.description && <p className="whitespace-pre-line">{course.description}</p>}
          {course.learningObjectives.length > 0 &&
            section(
              'course-objectives',
              t('objectives'),
              <ul className="list-disc space-y-1 pl-5">
                {course.learningObjectives.map((objective, index) => (
                  <li key={index}>{objective}</li>
                ))}
              </ul>,
            )}
          {course.targetAudience &&
            section('course-audience', t('audience'), <p className="whitespace-pre-line">{course.targetAudience}</p>)}
          {section(
            'course-outline',
            t('outline'),
            <ol className="flex flex-col gap-4" data-testid="course-outline">
              {course.modules.map((module, index) => (
                <li key={index} className={box}>
                  <h3 className="font-semibold">
                    {module.title}{' '}
                    <span className="text-sm font-normal text-muted-foreground">
                      · {t('moduleLessons', { count: module.lessons.length })}
                    </span>
                  </h3>
                  {module.lessons.length ? (
                    <ol className="mt-3 divide-y divide-border">
                      {module.lessons.map((lesson, lessonIndex) => {
                        const Icon = KIND_ICONS[lesson.kind];
                        return (
                          <li key={lessonIndex} className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="outline-lesson">
                            <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
                            <span className="sr-only">{t(`kinds.${lesson.kind}`)}: </span>
                            <span className="flex-1">{lesson.title}</span>
                            {lesson.previewId && (
                              <ShellLink
                                to={coursePreviewPath(course.slug, lesson.previewId)}
                                aria-label={t('preview.openLesson', { lesson: lesson.title })}
                                className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                              >
                                {t('preview.open')}
                              </ShellLink>
                            )}
                            <span className="text-muted-foreground">{formatDuration(lesson.durationMinutes)}</span>
                          </li>
                        );
                      })}
                    </ol>
                  ) : (
                    <p className="mt-3 text-sm text-muted-foreground">{t('noLessons')}</p>
                  )}
                </li>
              ))}
            </ol>,
          )}
          {section(
            'course-instructor',
            t('instructor'),
            <div className={box}>
              <p className="font-semibold">{course.instructorProfile.name}</p>
              {course.instructorProfile.expertise && (
                <p className="text-sm text-muted-foreground">
                  {t('expertise')}: {course.instructorProfile.expertise}
                </p>
              )}
              {course.instructorProfile.bio && <p className="mt-3 whitespace-pre-line">{course.instructorProfile.bio}</p>}
            </div>,
          )}
          {course.tags.length > 0 && section('course-tags', t('tags'), <p>{course.tags.join(', ')}</p>)}
        </div>

        <aside className="flex flex-col gap-6">
          <section id={ENROL_SECTION_ID} tabIndex={-1} aria-labelledby="enrol-title" className={`${box} flex flex-col gap-3`}>
            <h2 id="enrol-title" className="text-lg font-semibold">
              {t('enrol.title')}
            </h2>
            <p className="text-3xl font-bold" data-testid="course-price">
              <span className="sr-only">{t('fact.price')}: </span>
              {formatCoursePrice(course, t('free'))}
            </p>
            {session.user ? (
              <>
                <EnrolButton courseId={course.id} />
                {course.pricing === 'paid' && (
                  <Suspense fallback={null}>
                    <BuyCourse courseId={course.id} user={session.user} />
                  </Suspense>
                )}
              </>
            ) : (
              <>
                <LinkButton to={enrolTarget(course.slug, session)}>{t('enrol.action')}</LinkButton>
                <p className="text-sm text-muted-foreground">{t('enrol.signIn')}</p>
                <LinkButton to="/register" variant="secondary">
                  {t('enrol.register')}
                </LinkButton>
              </>
            )}
          </section>
          <section aria-labelledby="course-facts" className={box}>
            <h2 id="course-facts" className="text-lg font-semibold">
              {t('facts')}
            </h2>
            <dl className="mt-3 divide-y divide-border text-sm">
              {Object.entries(facts).map(([key, value]) => (
                <div key={key} className="flex justify-between gap-4 py-2">
                  <dt className="text-muted-foreground">
                    {t(key === 'language' || key === 'lessonCount' ? key : (`fact.${key}` as 'fact.level'))}
                  </dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="course-company" className={box}>
            <h2 id="course-company" className="text-lg font-semibold">
              {t('offeredBy')}
            </h2>
            <p className="mt-2">{course.company.name}</p>
            {course.siteUrl && (
              <a href={course.siteUrl} className="mt-2 inline-block text-sm font-medium text-accent hover:underline">
                {t('companySite', { company: course.company.name })}
              </a>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
