import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Sparkles from 'lucide-react/icons/sparkles';
import type { TCourse } from '@shared/schemas/courses.ts';
import type { LessonKind } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingPart } from '@/components/ui/loading-part';
import { LinkButton } from '@/components/ui/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useChatPlace } from '@/lib/chat-place';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/i18n';
import { courseJobs, useCourse } from '../api/courses';

import { CourseWriter } from '../lib/course-writer';
import { QueueRegistry } from '../lib/queue-registry';
import { readStoredEdit } from '../lib/save-queue';
import { useUnsavedGuard } from '../lib/use-unsaved-guard';
import { LESSON_PANE_MIN, OUTLINE_WIDTH, useOutlineWidth } from '../lib/outline-width';
import { CourseHostContext } from '@/features/jobs/course-host';
import { BuilderContext, storageKeys, type Builder } from './builder-context';
import { Outline } from './outline';
import { OutlineResizer } from './outline-resizer';
import { PublishBar } from './publish-bar';
import { SaveStatus } from './save-status';
import { StatusBadge } from './status-badge';

// The settings form (react-hook-form and the course schema's checks, which bring zod) and the
// course's translations and SCORM export load when their tab first opens: most visits edit the outline and the
// lessons and never open it.
const SettingsForm = lazy(() => import('./settings-form').then((m) => ({ default: m.SettingsForm })));
const SettingsExtras = lazy(() => import('./settings-extras').then((m) => ({ default: m.SettingsExtras })));

// A lesson's pane (its fields, revisions and AI rewrite, with Radix's dialog) loads when a lesson is
// first chosen, and the learner's preview when its tab opens: neither shows on a first visit.
const LessonPane = lazy(() => import('./lesson-pane').then((m) => ({ default: m.LessonPane })));
const LearnerPreview = lazy(() => import('./learner-preview').then((m) => ({ default: m.LearnerPreview })));

// "Generate with AI" (its form, fields and material upload, in a Radix dialog) loads when someone
// reaches for its button; a job's progress (its event stream, steps, cancel and retry) when there is a
// job to follow. Most visits of the builder use neither.
const loadAiPanel = () => import('./ai-panel');
const AiPanel = lazy(() => loadAiPanel().then((m) => ({ default: m.AiPanel })));
const JobProgress = lazy(() => import('@/features/jobs/job-progress').then((m) => ({ default: m.JobProgress })));

/** Where the lesson pane sits below the outline rather than beside it (under Tailwind's lg). */
const STACKED = '(max-width: 1023.98px)';

const TABS = ['content', 'settings', 'preview'] as const;
type Tab = (typeof TABS)[number];

/** The dashboard's "upload content" opens the builder at its media: ?media=image (the cover) | video | download | scorm (a new lesson). */
const MEDIA = ['image', 'video', 'download', 'scorm'] as const;
type Media = (typeof MEDIA)[number];
const mediaIn = (search: string): Media | null => {
  const media = new URLSearchParams(search).get('media') ?? '';
  return (MEDIA as readonly string[]).includes(media) ? (media as Media) : null;
};

/** /dashboard/courses/:id — the manual course builder. */
export function CourseBuilder({ courseId }: { courseId: string }) {
  const { t } = useTranslation('builder');
  const query = useCourse(courseId);
  usePageMeta(query.data ? t('metaTitle', { title: query.data.title }) : t('metaTitleLoading'));
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton variant="card" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <EmptyState
        icon={MousePointerClick}
        level={2}
        title={notFound ? t('notFound') : t('loadFailed')}
        description={serverMessage(query.error)}
      >
        <LinkButton to="/dashboard" variant="secondary">
          {t('backToDashboard')}
        </LinkButton>
      </EmptyState>
    );
  }
  return <LoadedBuilder initial={query.data} />;
}

function LoadedBuilder({ initial }: { initial: TCourse }) {
  const { t } = useTranslation('builder');
  const queryClient = useQueryClient();
  const [writer] = useState(() => new CourseWriter(initial.id, initial.version, queryClient));
  const [registry] = useState(() => new QueueRegistry());
  const course = useCourse(initial.id).data ?? initial;
  useUnsavedGuard(registry, t('unsaved.leave'));

  // The tab and the lesson live in the address (?tab=, ?lesson=) so a reload or a shared link opens
  // the same place. They are written with replaceState, not through the router: a router navigation
  // would replay the page transition and remount the builder with everything being typed.
  const [media] = useState(() => mediaIn(window.location.search));
  const [view, setView] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const tab = media === 'image' ? 'settings' : media ? 'content' : (params.get('tab') ?? '');
    return { tab: (TABS as readonly string[]).includes(tab) ? (tab as Tab) : 'content', lesson: params.get('lesson') };
  });
  // Once: the field where that media is added gets the focus (a new lesson's title with its kind
  // chosen, or the cover's file field), and the parameter leaves the address.
  useEffect(() => {
    if (!media) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('media');
    if (media === 'image') url.searchParams.set('tab', 'settings');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    // The cover's field is in the settings form, and a SCORM package's in its own form: each focuses
    // itself once its code has arrived.
    if (media === 'image' || media === 'scorm') return;
    const targets = document.querySelectorAll<HTMLElement>('[data-media-target="lesson"]');
    (targets[targets.length - 1] ?? document.getElementById('new-module-title'))?.focus();
  }, [media]);
  // The settings form mounts when its tab first opens and then stays, keeping what is typed in it. An
  // edit of the settings kept from an earlier visit mounts it at once, so the edit is sent as before.
  const [settingsShown, setSettingsShown] = useState(
    () => view.tab === 'settings' || readStoredEdit(storageKeys.settings(initial.id)) !== null,
  );
  const { tab, lesson: lessonId } = view;
  // Counts the lessons chosen while the pane is below the outline: the pane scrolls into view for each.
  const [reveal, setReveal] = useState(0);
  const [ai, setAi] = useState({ requested: false, open: false });
  const aiButton = useRef<HTMLButtonElement>(null);

  // The outline's width is the separator's; it leaves the lesson pane room in the row it is in.
  const storedWidth = useOutlineWidth();
  const row = useRef<HTMLDivElement>(null);
  const [rowWidth, setRowWidth] = useState(0);
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      // A hidden tab measures nothing; the width it had is kept.
      if (entry && entry.contentRect.width > 0) setRowWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const maxWidth =
    rowWidth > 0 ? Math.max(OUTLINE_WIDTH.min, Math.min(OUTLINE_WIDTH.max, rowWidth - LESSON_PANE_MIN - 24)) : OUTLINE_WIDTH.max;
  const outlineWidth = Math.min(storedWidth, maxWidth);
  const selected = course.modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === lessonId);
  const lessonExists = selected !== undefined;
  // The chat widget's assistants know the course and the lesson being edited.
  useChatPlace({ courseId: course.id, lessonId: selected?.id, title: selected ? `${course.title} – ${selected.title}` : course.title });
  const update = (changes: { tab?: Tab; lesson?: string | null }) => {
    const next = { ...view, ...changes };
    setView(next);
    if (next.tab === 'settings') setSettingsShown(true);
    const url = new URL(window.location.href);
    if (next.tab === 'content') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next.tab);
    if (next.lesson) url.searchParams.set('lesson', next.lesson);
    else url.searchParams.delete('lesson');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  };

  // The generation job shown in the AI panel: one started here, or (after a reload) the course's running one.
  const [job, setJob] = useState<{ id: string | null; chosen: boolean }>({ id: null, chosen: false });
  const jobs = useQuery({
    queryKey: ['course-generation-jobs', initial.id],
    queryFn: ({ signal }) => courseJobs(initial.id, signal),
    staleTime: Infinity,
  });
  // A reload shows the running job again, or the latest one if it failed: its failed steps can be tried again.
  const latest = jobs.data?.jobs[0];
  const resumed =
    jobs.data?.jobs.find((item) => item.status === 'queued' || item.status === 'running')?.id ??
    (latest?.status === 'failed' ? latest.id : null);
  const jobId = job.chosen ? job.id : resumed;

  const builder: Builder = {
    courseId: course.id,
    writer,
    registry,
    readOnly: course.status === 'archived',
    followJob: (id) => setJob({ id, chosen: true }),
  };

  return (
    <BuilderContext value={builder}>
      {/* A job's progress (in the AI panel) reads the course again through the builder's writer. */}
      <CourseHostContext value={builder}>
        <div className="flex flex-col gap-6">
          <LinkButton to="/dashboard" variant="ghost" size="sm" className="self-start">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('backToDashboard')}
          </LinkButton>
          <header className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 lg:flex-row lg:items-start lg:justify-between">
            <div className="flex min-w-0 flex-col gap-2">
              <div className="flex flex-wrap items-center gap-3">
                <StatusBadge status={course.status} />
                <SaveStatus registry={registry} />
              </div>
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="builder-title">
                {course.title}
              </h1>
              <p className="text-sm text-muted-foreground">
                {t('edited', { created: formatDate(course.createdAt), updated: formatDate(course.updatedAt) })}
              </p>
              {course.status === 'archived' && <p className="text-sm">{t('archivedNote')}</p>}
            </div>
            <PublishBar course={course} />
          </header>
          <Tabs value={tab} onValueChange={(value) => update({ tab: value as Tab })}>
            <TabsList aria-label={t('tabs.label')}>
              {TABS.map((name) => (
                <TabsTrigger key={name} value={name}>
                  {t(`tabs.${name}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {/* Every panel stays mounted, so what is being typed in one is never dropped by switching tabs. */}
            <TabsContent value="content" forceMount className="data-[state=inactive]:hidden">
              <div
                ref={row}
                className="flex flex-col gap-6 lg:flex-row lg:gap-0"
                style={{ '--outline-width': `${outlineWidth}px` } as CSSProperties}
              >
                <div id="outline-column" className="min-w-0 lg:w-(--outline-width) lg:shrink-0">
                  <Outline
                    course={course}
                    selectedLessonId={lessonExists ? lessonId : null}
                    onSelectLesson={(id, chosen) => {
                      update({ lesson: id });
                      if (chosen && window.matchMedia(STACKED).matches) setReveal((count) => count + 1);
                    }}
                    newLessonKind={media === 'image' || media === null ? undefined : (media satisfies LessonKind)}
                    actions={
                      <Button
                        ref={aiButton}
                        variant="secondary"
                        size="sm"
                        aria-haspopup="dialog"
                        aria-expanded={ai.open}
                        onPointerEnter={() => void loadAiPanel()}
                        onFocus={() => void loadAiPanel()}
                        onClick={() => setAi({ requested: true, open: true })}
                      >
                        <Sparkles aria-hidden="true" className="size-4" />
                        {t('ai.title')}
                      </Button>
                    }
                  />
                </div>
                <OutlineResizer width={outlineWidth} max={maxWidth} controls="outline-column" />
                <div className="flex min-w-0 flex-1 flex-col gap-6">
                  {jobId && (
                    <div className="rounded-xl bg-card">
                      <Suspense fallback={<LoadingPart className="h-24" />}>
                        <JobProgress key={jobId} jobId={jobId} onDismiss={() => setJob({ id: null, chosen: true })} />
                      </Suspense>
                    </div>
                  )}
                  <div className="min-w-0 rounded-2xl border border-border bg-card p-5">
                    {lessonExists && lessonId ? (
                      <Suspense fallback={<LoadingPart className="h-96" />}>
                        <LessonPane key={lessonId} lessonId={lessonId} reveal={reveal} />
                      </Suspense>
                    ) : (
                      <EmptyState icon={MousePointerClick} title={t('lesson.noneTitle')} description={t('lesson.noneText')} />
                    )}
                  </div>
                </div>
              </div>
              {ai.requested && (
                <Suspense fallback={null}>
                  <AiPanel
                    course={course}
                    open={ai.open}
                    onOpenChange={(open) => setAi({ requested: true, open })}
                    running={jobId !== null}
                    returnFocusTo={aiButton}
                  />
                </Suspense>
              )}
            </TabsContent>
            <TabsContent value="settings" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
              <div className="rounded-2xl border border-border bg-card p-5">
                {settingsShown && (
                  <Suspense fallback={<LoadingPart className="h-96" />}>
                    <SettingsForm course={course} focusThumbnail={media === 'image'} />
                  </Suspense>
                )}
              </div>
              {settingsShown && (
                <Suspense fallback={<LoadingPart className="h-40" />}>
                  <SettingsExtras course={course} />
                </Suspense>
              )}
            </TabsContent>
            <TabsContent value="preview" className="rounded-2xl border border-border bg-card p-5">
              <Suspense fallback={<LoadingPart className="h-96" />}>
                <LearnerPreview course={course} />
              </Suspense>
            </TabsContent>
          </Tabs>
        </div>
      </CourseHostContext>
    </BuilderContext>
  );
}
