import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLesson } from '@shared/schemas/courses.ts';
import { COURSE_LIMITS } from '@shared/course-limits.ts';
import type { LessonContent } from '@shared/schemas/lesson-content.ts';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { queryKeys } from '@/lib/query-keys';
import { getLesson, lessonQueryOptions, updateLesson } from '../api/courses';
import { regenerateQuestion } from '../api/generation';
import { forgetStoredEdit, isVersionConflict, readStoredEdit, type StoredEdit } from '../lib/save-queue';
import { storageKeys, useBuilder, useSaveQueue } from './builder-context';
import { ConflictNotice } from './conflict-notice';
import { LessonEditor, LessonView } from './lesson-views';
import { KIND_ICONS } from './outline-items';
import { RestoredNotice } from './restored-notice';
import { RegenerateLesson } from './regenerate-lesson';
import { Revisions } from './revisions';

type LessonPatch = { title?: string; content?: LessonContent; durationMinutes?: number | null; freePreview?: boolean };
const merge = (older: LessonPatch, newer: LessonPatch): LessonPatch => ({ ...older, ...newer });

/** The selected lesson: its title, kind and duration here, its content in the kind's editor. */
export function LessonPane({ lessonId, reveal = 0 }: { lessonId: string; reveal?: number }) {
  const { t } = useTranslation('builder');
  const query = useQuery(lessonQueryOptions(lessonId));
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="text-sm text-danger">
        {serverMessage(query.error) ?? t('lesson.loadFailed')}
      </p>
    );
  }
  return <LoadedLesson key={lessonId} initial={query.data} reveal={reveal} />;
}

/**
 * `reveal` counts the times the lesson was chosen where the pane sits below the outline (a phone):
 * each time, the pane is scrolled to and its heading takes the focus, so the editor is not left
 * far down the page unseen.
 */
function LoadedLesson({ initial, reveal }: { initial: TLesson; reveal: number }) {
  const { t } = useTranslation('builder');
  const { courseId, writer, readOnly } = useBuilder();
  const queryClient = useQueryClient();
  const key = storageKeys.lesson(initial.id);
  // An edit kept from an earlier visit, unless the server already has it (a save that went out as the page closed).
  const [restored] = useState<StoredEdit<LessonPatch> | null>(() => {
    const stored = readStoredEdit<LessonPatch>(key);
    if (!stored) return null;
    const { title, content, durationMinutes, freePreview } = stored.value;
    const same =
      (title === undefined || title === initial.title) &&
      (content === undefined || JSON.stringify(content) === JSON.stringify(initial.content)) &&
      (durationMinutes === undefined || durationMinutes === initial.durationMinutes) &&
      (freePreview === undefined || freePreview === initial.freePreview);
    if (!same) return stored;
    forgetStoredEdit(key);
    return null;
  });
  const [server, setServer] = useState(initial);
  const [title, setTitle] = useState(restored?.value.title ?? initial.title);
  const [content, setContent] = useState<LessonContent>((restored?.value.content ?? initial.content) as LessonContent);
  const [duration, setDuration] = useState(() => {
    const value = restored?.value.durationMinutes !== undefined ? restored.value.durationMinutes : initial.durationMinutes;
    return value === null ? '' : String(value);
  });
  const [freePreview, setFreePreview] = useState(restored?.value.freePreview ?? initial.freePreview);
  const [editorKey, setEditorKey] = useState(0);
  const [revisionsRequest, setRevisionsRequest] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const version = useRef(initial.version);
  const baseRef = useRef<number | null>(restored?.base ?? null);

  const { queue, snapshot } = useSaveQueue<LessonPatch>(key, {
    merge,
    send: async (patch) => {
      const base = baseRef.current;
      try {
        const saved = await updateLesson(initial.id, { ...patch, version: base ?? version.current });
        baseRef.current = null;
        version.current = saved.version;
        setServer(saved);
        setError(undefined);
        writer.acceptLesson(saved);
      } catch (failure) {
        if (isApiError(failure) && !isVersionConflict(failure) && failure.status < 500) setError(serverMessage(failure));
        throw failure;
      }
    },
  });

  const restoredOnce = useRef(false);
  useEffect(() => {
    if (!restored || restoredOnce.current) return;
    restoredOnce.current = true;
    queue.schedule(restored.value, restored.base);
    void queue.flush();
  }, [queue, restored]);

  const edit = (patch: LessonPatch) => queue.schedule(patch, version.current);

  const showServer = (lesson: TLesson) => {
    version.current = lesson.version;
    setServer(lesson);
    setTitle(lesson.title);
    setContent(lesson.content as LessonContent);
    setDuration(lesson.durationMinutes === null ? '' : String(lesson.durationMinutes));
    setFreePreview(lesson.freePreview);
    setEditorKey((n) => n + 1);
    queryClient.setQueryData(queryKeys.lesson(lesson.id), lesson);
    writer.acceptLesson(lesson);
  };

  const loadLatest = async () => {
    const latest = await getLesson(initial.id);
    queue.discard();
    baseRef.current = null;
    showServer(latest);
  };
  const keepMine = async () => {
    const latest = await getLesson(initial.id);
    version.current = latest.version;
    baseRef.current = null;
    await queue.resend(latest.version);
  };

  // One quiz question rewritten with AI, from the saved quiz: what is typed is saved first.
  const [regeneratingQuestion, setRegeneratingQuestion] = useState<number | null>(null);
  const regenerateOne = async (index: number) => {
    setRegeneratingQuestion(index);
    setError(undefined);
    try {
      await queue.flush();
      if (queue.hasUnsaved()) return;
      showServer(await regenerateQuestion(initial.id, index, version.current));
      toast({ title: t('ai.question.done', { number: index + 1 }) });
    } catch (failure) {
      if (isVersionConflict(failure)) setError(t('ai.lesson.conflict'));
      else {
        const setup = isApiError(failure) && failure.body?.code === 'AI_NOT_CONFIGURED';
        setError(`${setup ? `${t('ai.setupRequired')}: ` : ''}${serverMessage(failure) ?? t('ai.question.failed')}`);
      }
    } finally {
      setRegeneratingQuestion(null);
    }
  };

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = heading.current;
    if (!reveal || !element) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [reveal]);

  const Icon = KIND_ICONS[server.kind];
  const titleError = title.trim() === '' ? t('lesson.titleRequired') : undefined;
  const durationError = duration.trim() !== '' && !/^\d{1,5}$/.test(duration.trim()) ? t('lesson.durationInvalid') : undefined;
  const unsavedContent = snapshot.unsaved?.content;

  return (
    <section aria-labelledby="lesson-heading" className="flex flex-col gap-5" data-testid="lesson-pane">
      <div className="flex flex-wrap items-center gap-3">
        <Icon aria-hidden="true" className="size-5 text-accent" />
        <h2 id="lesson-heading" ref={heading} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold outline-none">
          {t('lesson.heading', { kind: t(`kinds.${server.kind}`) })}
        </h2>
        {server.source.kind === 'ai' && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent" data-testid="ai-written">
            {server.source.model ? t('lesson.aiWrittenBy', { model: server.source.model }) : t('lesson.aiWritten')}
          </span>
        )}
      </div>
      {restored && <RestoredNotice savedAt={restored.savedAt} />}
      {snapshot.status === 'conflict' && (
        <ConflictNotice onLoadLatest={() => void loadLatest()} onKeepMine={() => void keepMine()}>
          {snapshot.unsaved?.title !== undefined && (
            <p>
              <span className="font-medium">{t('lesson.title')}:</span> {snapshot.unsaved.title}
            </p>
          )}
          {unsavedContent !== undefined && (
            <Suspense fallback={<Skeleton className="h-24 w-full" />}>
              <div className="rounded-xl border border-border p-3" data-testid="conflict-local-copy">
                <LessonView kind={server.kind} title={server.title} content={unsavedContent} mode="learner" />
              </div>
            </Suspense>
          )}
        </ConflictNotice>
      )}
      {error && (
        <p role="alert" className="rounded-xl border border-danger/50 p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_12rem]">
        <Field id="lesson-title" label={t('lesson.title')} error={titleError} required>
          {(control) => (
            <Input
              {...control}
              value={title}
              maxLength={COURSE_LIMITS.lessonTitle}
              readOnly={readOnly}
              onChange={(event) => {
                setTitle(event.target.value);
                if (event.target.value.trim()) edit({ title: event.target.value });
              }}
            />
          )}
        </Field>
        <Field id="lesson-duration" label={t('lesson.duration')} error={durationError}>
          {(control) => (
            <Input
              {...control}
              value={duration}
              inputMode="numeric"
              readOnly={readOnly}
              onChange={(event) => {
                const text = event.target.value;
                setDuration(text);
                if (text.trim() === '') edit({ durationMinutes: null });
                else if (/^\d{1,5}$/.test(text.trim()) && Number(text) >= 1) edit({ durationMinutes: Number(text) });
              }}
            />
          )}
        </Field>
      </div>
      {server.kind !== 'quiz' && server.kind !== 'scorm' && (
        <div className="flex items-start gap-3">
          <Checkbox
            id="lesson-free-preview"
            checked={freePreview}
            disabled={readOnly}
            aria-describedby="lesson-free-preview-hint"
            onCheckedChange={(value) => {
              setFreePreview(value === true);
              edit({ freePreview: value === true });
            }}
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor="lesson-free-preview" className="text-sm font-medium">
              {t('lesson.freePreview')}
            </label>
            <p id="lesson-free-preview-hint" className="text-sm text-muted-foreground">
              {t('lesson.freePreviewHint')}
            </p>
          </div>
        </div>
      )}
      <Suspense fallback={<Skeleton className="h-80 w-full" />}>
        <LessonEditor
          key={editorKey}
          lesson={server}
          content={content}
          courseId={courseId}
          disabled={readOnly}
          onChange={(next) => {
            setContent(next);
            edit({ content: next });
          }}
          {...(server.kind === 'quiz' &&
            !readOnly && { onRegenerateQuestion: (index: number) => void regenerateOne(index), regeneratingQuestion })}
        />
      </Suspense>
      {(server.kind === 'text' || server.kind === 'video') && !readOnly && (
        <RegenerateLesson
          lesson={server}
          disabled={queue.hasUnsaved()}
          onRegenerated={(lesson) => {
            queue.discard();
            showServer(lesson);
          }}
          onShowRevisions={() => setRevisionsRequest((n) => n + 1)}
          onLoadLatest={() => void loadLatest()}
        />
      )}
      <Revisions lesson={server} disabled={readOnly || queue.hasUnsaved()} onRestored={showServer} openRequest={revisionsRequest} />
    </section>
  );
}
