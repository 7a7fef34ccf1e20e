import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import type { UniqueIdentifier } from '@dnd-kit/core';
import type { TCourse } from '@shared/schemas/courses.ts';
import { COURSE_LIMITS } from '@shared/course-limits.ts';
import type { LessonKind } from '@shared/schemas/lesson-content.ts';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { addLesson, addModule, deleteLesson, deleteModule, getCourse, putOutline, renameModule } from '../api/courses';
import {
  arrangedModules,
  arrangementOf,
  idOf,
  moduleOfLesson,
  moveModule,
  reconcile,
  sameArrangement,
  stepLesson,
  typeOf,
  type Arrangement,
} from '../lib/outline-model';
import { forgetStoredEdit, isVersionConflict, readStoredEdit } from '../lib/save-queue';
import { storageKeys, useBuilder, useSaveQueue } from './builder-context';
import { AddModuleForm } from './add-module-form';
import { DragHandlesContext } from './drag-bindings';
import { AddLessonForm, type NewLesson } from './add-lesson-form';
import { lessonDragId, moduleDragId, OutlineLesson, OutlineModule } from './outline-items';
import { useOutlineDrag } from './use-outline-drag';
import { useRegenerateModule } from './use-regenerate-module';

type Titles = Record<string, string>;
type Pending = { kind: 'module' | 'lesson'; id: string; name: string } | null;

export interface OutlineProps {
  course: TCourse;
  selectedLessonId: string | null;
  /** `chosen` when the person chose the lesson in the outline (not one just added or deleted). */
  onSelectLesson: (lessonId: string | null, chosen?: boolean) => void;
  /** Beside the outline's heading: the builder's "Generate with AI". */
  actions?: ReactNode;
  /** The kind new lessons start as (the dashboard's "upload content": video or download). */
  newLessonKind?: LessonKind | undefined;
}

/** Modules and lessons: add, rename, delete, and reorder by dragging, by keyboard or with the arrow buttons. */
/** The write that adds a lesson, or a SCORM package's lessons, at the course version given. */
/** Shown only after a refused save, so loaded then (the builder's first load is at its budget). */
const ConflictNotice = lazy(() => import('./conflict-notice').then((m) => ({ default: m.ConflictNotice })));

const adding = (moduleId: string, lesson: NewLesson) => (version: number) =>
  lesson.kind === 'scorm'
    ? import('../api/scorm').then((scorm) => scorm.importScorm(moduleId, lesson.file, version))
    : addLesson(moduleId, lesson.title, lesson.kind, version);

export function Outline({ course: given, selectedLessonId, onSelectLesson, newLessonKind, actions }: OutlineProps) {
  const { t } = useTranslation('builder');
  const { courseId, writer, readOnly } = useBuilder();
  // Without it, a saved move showed the old order for a frame, and a moved item's focused
  // handle was removed with it.
  const course = writer.newest(given);
  const { regenerating, regenerate } = useRegenerateModule();
  const queryClient = useQueryClient();
  const currentCourse = () => queryClient.getQueryData<TCourse>(queryKeys.course(courseId)) ?? course;

  const outlineKey = storageKeys.outline(courseId);
  const [restored] = useState(() => {
    const stored = readStoredEdit<Arrangement>(outlineKey);
    if (stored && sameArrangement(reconcile(stored.value, course), arrangementOf(course))) {
      forgetStoredEdit(outlineKey);
      return null;
    }
    return stored;
  });
  const baseRef = useRef<number | null>(restored?.base ?? null);
  const outline = useSaveQueue<Arrangement>(outlineKey, {
    debounceMs: 400,
    send: async (arrangement) => {
      const base = baseRef.current;
      await writer.run((version) => putOutline(courseId, { version: base ?? version, modules: reconcile(arrangement, currentCourse()) }));
      baseRef.current = null;
    },
  });
  const titlesKey = storageKeys.modules(courseId);
  const [restoredTitles] = useState(() => readStoredEdit<Titles>(titlesKey));
  const titles = useSaveQueue<Titles>(titlesKey, {
    merge: (older, newer) => ({ ...older, ...newer }),
    send: async (changes) => {
      for (const [moduleId, title] of Object.entries(changes)) {
        if (!currentCourse().modules.some((module) => module.id === moduleId)) continue;
        await writer.run((version) => renameModule(moduleId, title, version));
      }
    },
  });

  const restoredOnce = useRef(false);
  useEffect(() => {
    if (restoredOnce.current) return;
    restoredOnce.current = true;
    if (restored) outline.queue.schedule(restored.value, restored.base);
    if (restoredTitles) titles.queue.schedule(restoredTitles.value, restoredTitles.base);
  }, [outline.queue, restored, restoredTitles, titles.queue]);

  const saved = outline.snapshot.unsaved ? reconcile(outline.snapshot.unsaved, course) : arrangementOf(course);
  const [draft, setDraft] = useState<Arrangement | null>(null);
  const arrangement = draft ?? saved;
  const modules = useMemo(() => arrangedModules(course, arrangement), [course, arrangement]);
  // What is typed shows at once; an empty title is kept on screen but never sent (a module needs one).
  const [typed, setTyped] = useState<Titles>({});
  const localTitles = { ...(titles.snapshot.unsaved ?? {}), ...typed };
  const titleOf = (moduleId: string) => localTitles[moduleId] ?? course.modules.find((module) => module.id === moduleId)?.title ?? '';

  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  // What dragging says (picked up, where it would land, dropped): a live region there from the start.
  const [dragAnnouncement, setDragAnnouncement] = useState('');
  const drag = useOutlineDrag(!readOnly);

  const commit = (next: Arrangement) => outline.queue.schedule(next, writer.version());

  const lessonName = (lessonId: string) =>
    course.modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === lessonId)?.title ?? '';
  const moduleName = (moduleId: string) =>
    titleOf(moduleId) || t('outline.moduleN', { n: arrangement.findIndex((entry) => entry.id === moduleId) + 1 });

  const describe = (next: Arrangement, dragId: UniqueIdentifier): string => {
    const id = idOf(dragId);
    if (typeOf(dragId) === 'module') {
      return t('announce.modulePosition', {
        name: moduleName(id),
        position: next.findIndex((entry) => entry.id === id) + 1,
        total: next.length,
      });
    }
    const moduleIndex = moduleOfLesson(next, id);
    const entry = next[moduleIndex];
    return t('announce.lessonPosition', {
      name: lessonName(id),
      position: (entry?.lessonIds.indexOf(id) ?? 0) + 1,
      total: entry?.lessonIds.length ?? 0,
      module: entry ? moduleName(entry.id) : '',
    });
  };

  const refocus = (elementId: string) => requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  const stepModule = (moduleId: string, direction: -1 | 1) => {
    const from = arrangement.findIndex((entry) => entry.id === moduleId);
    const next = moveModule(arrangement, from, from + direction);
    if (next === arrangement) return;
    commit(next);
    setAnnouncement(describe(next, moduleDragId(moduleId)));
    refocus(`module-${moduleId}-${direction === -1 ? 'up' : 'down'}`);
  };

  const stepLessonBy = (lessonId: string, direction: -1 | 1) => {
    const next = stepLesson(arrangement, lessonId, direction);
    if (next === arrangement) return;
    commit(next);
    setAnnouncement(describe(next, lessonDragId(lessonId)));
    refocus(`lesson-${lessonId}-${direction === -1 ? 'up' : 'down'}`);
  };

  const nameOf = (dragId: UniqueIdentifier) => (typeOf(dragId) === 'module' ? moduleName(idOf(dragId)) : lessonName(idOf(dragId)));

  const fail = (failure: unknown) => {
    const conflict = isVersionConflict(failure);
    setError({ message: conflict ? '' : (serverMessage(failure) ?? t('outline.failed')), conflict });
  };

  const onAddLesson = async (moduleId: string, lesson: NewLesson) => {
    const lessonsIn = (of: TCourse | undefined) => of?.modules.find((module) => module.id === moduleId)?.lessons ?? [];
    try {
      await outline.queue.flush();
      const before = lessonsIn(queryClient.getQueryData<TCourse>(queryKeys.course(courseId))).length;
      const added = lessonsIn(await writer.run(adding(moduleId, lesson)));
      setError(null);
      // New lessons come at the end, a package's SCOs in order: the first one opens.
      if (added[before]) onSelectLesson(added[before].id);
      setAnnouncement(
        lesson.kind === 'scorm'
          ? t('announce.scormAdded', { count: added.length - before })
          : t('announce.lessonAdded', { name: lesson.title }),
      );
      return true;
    } catch (failure) {
      fail(failure);
      return false;
    }
  };

  const onAddModule = async (typed: string) => {
    const title = typed || t('outline.moduleN', { n: arrangement.length + 1 });
    try {
      await outline.queue.flush();
      const updated = await writer.run((version) => addModule(courseId, title, version));
      setError(null);
      setAnnouncement(t('announce.moduleAdded', { name: title }));
      const added = updated.modules.at(-1);
      if (added) refocus(`new-lesson-${added.id}`);
      return true;
    } catch (failure) {
      fail(failure);
      return false;
    }
  };

  const onConfirmDelete = async () => {
    const pending = confirm;
    setConfirm(null);
    if (!pending) return;
    try {
      await outline.queue.flush();
      if (pending.kind === 'module') await writer.run((version) => deleteModule(pending.id, version));
      else {
        await writer.run((version) => deleteLesson(pending.id, version));
        if (selectedLessonId === pending.id) onSelectLesson(null);
      }
      setError(null);
      setAnnouncement(t('announce.deleted', { name: pending.name }));
    } catch (failure) {
      fail(failure);
    }
  };

  const loadLatest = async () => {
    const latest = await getCourse(courseId);
    outline.queue.discard();
    titles.queue.discard();
    setTyped({});
    baseRef.current = null;
    writer.accept(latest);
    setError(null);
  };
  const keepMine = async () => {
    const latest = await getCourse(courseId);
    writer.accept(latest);
    baseRef.current = null;
    setError(null);
    await Promise.all([outline.queue.resend(latest.version), titles.queue.resend(latest.version)]);
  };

  const conflict = outline.snapshot.status === 'conflict' || titles.snapshot.status === 'conflict' || error?.conflict;

  return (
    <section aria-labelledby="outline-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outline-title" className="text-lg font-semibold">
          {t('outline.title')}
        </h2>
        {actions}
      </div>
      <p id="outline-dnd-instructions" className="sr-only">
        {t('announce.instructions')}
      </p>
      <p aria-live="polite" className="sr-only" data-testid="outline-announcement">
        {announcement}
      </p>
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="outline-drag-announcement">
        {dragAnnouncement}
      </div>
      {(restored || restoredTitles) && (
        <p role="status" className="rounded-xl border border-accent/50 p-3 text-sm">
          {t('restored', { time: formatDateTime(restored?.savedAt ?? restoredTitles?.savedAt ?? '') })}
        </p>
      )}
      {conflict && (
        <Suspense fallback={null}>
          <ConflictNotice onLoadLatest={() => void loadLatest()} onKeepMine={() => void keepMine()} />
        </Suspense>
      )}
      {error && !error.conflict && (
        <p role="alert" className="rounded-xl border border-danger/50 p-3 text-sm text-danger">
          {error.message}
        </p>
      )}
      {modules.length === 0 && <p className="text-sm text-muted-foreground">{t('outline.empty')}</p>}
      <DragHandlesContext value={drag.handles}>
        <ol className="flex flex-col gap-3" aria-label={t('outline.modules')} {...drag.intent}>
          {modules.map((module, index) => (
            <OutlineModule
              key={module.id}
              id={module.id}
              index={index}
              title={titleOf(module.id)}
              onTitleChange={(title) => {
                setTyped((current) => ({ ...current, [module.id]: title }));
                if (title.trim()) titles.queue.schedule({ [module.id]: title.slice(0, COURSE_LIMITS.moduleTitle) }, writer.version());
              }}
              onDelete={() => setConfirm({ kind: 'module', id: module.id, name: moduleName(module.id) })}
              onMove={(direction) => stepModule(module.id, direction)}
              canUp={index > 0}
              canDown={index < modules.length - 1}
              readOnly={readOnly}
              regenerating={regenerating === module.id}
              onRegenerate={() => void regenerate(module.id)}
            >
              <ol className="flex flex-col gap-1" aria-label={t('outline.lessonsOf', { name: moduleName(module.id) })}>
                {module.lessons.map((lesson, lessonIndex) => (
                  <OutlineLesson
                    key={lesson.id}
                    lesson={lesson}
                    selected={lesson.id === selectedLessonId}
                    onSelect={() => onSelectLesson(lesson.id, true)}
                    onDelete={() => setConfirm({ kind: 'lesson', id: lesson.id, name: lesson.title })}
                    onMove={(direction) => stepLessonBy(lesson.id, direction)}
                    canUp={index > 0 || lessonIndex > 0}
                    canDown={index < modules.length - 1 || lessonIndex < module.lessons.length - 1}
                    readOnly={readOnly}
                  />
                ))}
              </ol>
              {!readOnly && (
                <AddLessonForm
                  moduleId={module.id}
                  moduleName={moduleName(module.id)}
                  initialKind={newLessonKind}
                  onAdd={(lesson) => onAddLesson(module.id, lesson)}
                />
              )}
            </OutlineModule>
          ))}
        </ol>
      </DragHandlesContext>
      {drag.Layer && (
        <drag.Layer
          bindings={drag.handles.bindings}
          modules={modules}
          arrangement={arrangement}
          saved={saved}
          draft={draft}
          setDraft={setDraft}
          commit={commit}
          describe={describe}
          nameOf={nameOf}
          announce={setDragAnnouncement}
          readOnly={readOnly}
        />
      )}
      {!readOnly && <AddModuleForm onAdd={onAddModule} />}
      <LazyConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'module' ? t('outline.confirmDeleteModule') : t('outline.confirmDeleteLesson')}
        description={t(confirm?.kind === 'module' ? 'outline.confirmDeleteModuleText' : 'outline.confirmDeleteLessonText', {
          name: confirm?.name ?? '',
        })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        destructive
        onConfirm={() => void onConfirmDelete()}
      />
    </section>
  );
}
