import { StrictMode, Suspense, lazy, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { contentSchemas, emptyContent, LESSON_KINDS, type LessonContent, type LessonKind } from '@shared/schemas/lesson-content.ts';
import type { TLesson } from '@shared/schemas/courses.ts';
import { changeLanguage, initI18n } from '@/lib/i18n';
import '@/styles.css';

/**
 * Component-level harness for tests/e2e/lesson-editors.spec.ts: the real LessonEditor and
 * LessonView in a page of their own (served by Vite), with the content they produce shown as
 * JSON and checked against the same zod schema the server validates with. Query:
 * ?kind=text|video|download|quiz&lang=da|en&theme=dark|light&content=<url-encoded JSON>.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const LessonEditor = lazy(() => import('@/features/courses/lesson-editors/lesson-editor'));
const LessonView = lazy(() => import('@/features/courses/lesson-editors/lesson-view'));

const params = new URLSearchParams(window.location.search);
const kindParam = params.get('kind');
const kind: LessonKind = (LESSON_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as LessonKind) : 'text';
const initial: LessonContent = params.get('content') ? (JSON.parse(params.get('content')!) as LessonContent) : emptyContent(kind);
document.documentElement.classList.toggle('dark', params.get('theme') !== 'light');

const lesson: TLesson = {
  id: 'lesson-1',
  courseId: 'course-1',
  moduleId: 'module-1',
  position: 0,
  title: 'Harness lesson',
  kind,
  format: null,
  source: { kind: 'manual', model: null },
  durationMinutes: null,
  freePreview: false,
  version: 1,
  updatedAt: new Date(0).toISOString(),
  content: initial,
};

const lag = Number(params.get('lag') ?? 0);

function Harness() {
  const [content, setContent] = useState<LessonContent>(initial);
  const [changes, setChanges] = useState(0);
  const [disabled, setDisabled] = useState(params.get('disabled') === '1');
  const parsed = contentSchemas[kind].safeParse(content);
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-8 p-6">
      <h1 className="text-2xl font-semibold">Harness: {kind}</h1>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={disabled} onChange={(e) => setDisabled(e.target.checked)} /> disabled
      </label>
      <h2 className="text-xl font-semibold">Lesson content</h2>
      <Suspense fallback={<p>Loading editor…</p>}>
        <LessonEditor
          lesson={lesson}
          content={content}
          courseId="course-1"
          disabled={disabled}
          onChange={(next) => {
            // ?lag=MS: the value comes back late, as from a slow parent, while typing goes on.
            if (lag > 0) setTimeout(() => setContent(next), lag);
            else setContent(next);
            setChanges((n) => n + 1);
          }}
        />
      </Suspense>
      <section aria-label="Preview as learner" className="rounded-xl border border-border p-6">
        <Suspense fallback={<p>Loading view…</p>}>
          <LessonView kind={kind} title="Lektion" content={content} mode="learner" />
        </Suspense>
      </section>
      <div data-testid="valid" data-valid={String(parsed.success)} data-changes={changes}>
        {parsed.success ? 'valid' : JSON.stringify(parsed.error.issues)}
      </div>
      <pre data-testid="content" className="overflow-auto text-xs">
        {JSON.stringify(content)}
      </pre>
    </main>
  );
}

void initI18n()
  .then(() => changeLanguage(params.get('lang') === 'da' ? 'da' : 'en'))
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
  });
