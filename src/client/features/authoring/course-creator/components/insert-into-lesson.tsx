import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INSERT_MODES } from '@shared/schemas/creator-content.ts';
import type { TDraftContentItem } from '@shared/schemas/creator-drafts.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { getCourse, insertContent, listCourses } from '../api/content';
import { errorText } from '../lib/ai-errors';

type Mode = (typeof INSERT_MODES)[number];

/**
 * "Insert into a lesson": a lesson of the draft's course (or another of the caller's courses), the
 * generated document appended to it or in its place, at the lesson's version (README insert-content).
 */
export function InsertIntoLesson({ item, courseId }: { item: TDraftContentItem; courseId: string | null }) {
  const { t } = useTranslation('creator-wizard');
  const { navigate } = useShell();
  const id = useId();
  const queryClient = useQueryClient();
  const courses = useQuery({ queryKey: ['creator', 'courses'], queryFn: ({ signal }) => listCourses(signal) });
  const [chosenCourse, setChosenCourse] = useState<string | null>(null);
  const course = chosenCourse ?? courseId ?? courses.data?.courses[0]?.id ?? null;
  const outline = useQuery({
    queryKey: ['creator', 'course', course],
    queryFn: ({ signal }) => getCourse(course ?? '', signal),
    enabled: course !== null,
  });
  const lessons = (outline.data?.modules ?? []).flatMap((module) =>
    module.lessons.filter((lesson) => lesson.kind !== 'quiz').map((lesson) => ({ ...lesson, moduleTitle: module.title })),
  );
  const [chosenLesson, setChosenLesson] = useState<string | null>(null);
  const lesson = lessons.find((l) => l.id === chosenLesson) ?? lessons[0] ?? null;
  const [mode, setMode] = useState<Mode>('append');

  const insert = useMutation({
    mutationFn: async () => {
      if (!lesson || !course) throw new Error(t('content.noLessons'));
      // The lesson's current version, read now: the outline may be older than the last edit.
      const fresh = await getCourse(course);
      const current = fresh.modules.flatMap((m) => m.lessons).find((l) => l.id === lesson.id);
      return insertContent(lesson.id, {
        document: item.document,
        version: current?.version ?? lesson.version,
        mode,
        source: item.source,
        content_type: item.type,
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['creator', 'course', course] }),
  });

  const courseList = courses.data?.courses ?? [];
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="insert-into-lesson">
      {courses.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          <Spinner /> {t('content.loadingCourses')}
        </p>
      ) : courseList.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('content.noCourses')}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id={`${id}-course`} label={t('content.course')}>
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={course ?? ''}
                onChange={(e) => {
                  setChosenCourse(e.target.value);
                  setChosenLesson(null);
                  insert.reset();
                }}
              >
                {courseList.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.id === courseId ? t('content.draftCourse', { title: c.title }) : c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-lesson`} label={t('content.lesson')}>
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={lesson?.id ?? ''}
                disabled={lessons.length === 0}
                onChange={(e) => {
                  setChosenLesson(e.target.value);
                  insert.reset();
                }}
              >
                {lessons.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.moduleTitle} – {l.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-mode`} label={t('content.mode')}>
            {(control) => (
              <select {...control} className={inputClasses} value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
                {INSERT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`content.modes.${m}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
      {outline.isSuccess && lessons.length === 0 && <p className="text-sm text-muted-foreground">{t('content.noLessons')}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => insert.mutate()} disabled={!lesson || insert.isPending}>
          {insert.isPending && <Spinner />}
          {t('content.insertConfirm')}
        </Button>
        {insert.isSuccess && course && (
          <>
            <p role="status" className="text-sm">
              {t('content.inserted', { lesson: insert.data.title })}
            </p>
            <Button size="sm" variant="secondary" onClick={() => navigate(`/dashboard/courses/${encodeURIComponent(course)}`)}>
              {t('content.openInBuilder')}
            </Button>
          </>
        )}
      </div>
      {insert.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(insert.error)}
        </p>
      )}
    </div>
  );
}
