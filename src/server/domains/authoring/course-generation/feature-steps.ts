import type { LessonFormat } from '../../../../shared/schemas/lesson-content.ts';
import { Readable } from 'node:stream';
import { translate } from '../../../../shared/i18n/messages.ts';
import type { TGenerationJobInput } from '../../../../shared/schemas/course-generation.ts';
import type { TDownloadContent, TVideoContent } from '../../../../shared/schemas/lesson-content.ts';
import type { StepContext } from '../../../jobs/kinds.ts';
import { generateContent } from '../../../ai/tasks/generate-content/prompt.ts';
import { generateWorkbook } from '../../../ai/tasks/generate-workbook/prompt.ts';
import { newId } from '../../../security/tokens.ts';
import { newStorageKey } from '../../../storage/storage.ts';
import { blocksOf } from './content-blocks.ts';
import { toDocument } from './content-render.ts';
import { courseRecords as courses, insertUpload, parseJson } from '../../courses/index.ts';
import { plainText } from './lesson-document.ts';
import { underOutlineLock } from './outline-writes.ts';
import * as features from './features-repository.ts';
import * as repo from './repository.ts';
import { progress, runContext, spent, type StepDeps, type WriteResult } from './steps.ts';
import { renderWorkbookPdf } from './workbook-pdf.ts';

type Ctx = StepContext<TGenerationJobInput>;

/** A feature step's output: what it wrote, or that the course had it already ('exists') or lost its place ('gone'). */
export type FeatureResult = WriteResult | { lessonId: string | null; skipped: 'exists' | 'gone' };

/** Done before? A lesson this job wrote (a step run again after a crash) is its result; anyone else's is left alone. */
function earlier(lesson: features.FeatureLessonRow | undefined, jobId: string): FeatureResult | undefined {
  if (!lesson) return undefined;
  return lesson.ai_job_id === jobId ? { lessonId: lesson.id, version: Number(lesson.version) } : { lessonId: lesson.id, skipped: 'exists' };
}

/**
 * Adds an AI-written lesson at the end of `moduleId` under the course's outline lock, unless the
 * feature's lesson appeared meanwhile (checked inside the lock): a lesson is only ever added, never
 * written over, so nobody's edit can be lost. Recorded as a revision without author, like AI's writes.
 */
async function addLessonOnce(
  deps: StepDeps,
  ctx: Ctx,
  at: { courseId: string; moduleId: string },
  find: { moduleId: string } | { courseId: string },
  lesson: {
    title: string;
    kind: 'video' | 'download';
    format: LessonFormat | null;
    content: unknown;
    model: string;
    minutes: number | null;
  },
): Promise<{ result: FeatureResult; added: boolean }> {
  let result: FeatureResult = { lessonId: null, skipped: 'gone' };
  let added = false;
  await underOutlineLock(deps.db, at.courseId, async (trx, now) => {
    const found = earlier(await features.findFeatureLesson(trx, find), ctx.job.id);
    if (found) return void (result = found);
    if (!(await courses.findModule(trx, at.moduleId))) return;
    const id = newId();
    const content = JSON.stringify(lesson.content);
    const position = await courses.nextLessonPosition(trx, at.moduleId);
    await repo.insertLesson(trx, {
      id,
      course_id: at.courseId,
      module_id: at.moduleId,
      position,
      title: lesson.title,
      kind: lesson.kind,
      content,
      format: lesson.format,
      source: 'ai',
      source_model: lesson.model,
      duration_minutes: lesson.minutes,
      version: 1,
      ai_job_id: ctx.job.id,
      ai_job_version: 1,
      created_at: now,
      updated_at: now,
    });
    await repo.insertRevision(trx, {
      id: newId(),
      lessonId: id,
      version: 1,
      title: lesson.title,
      kind: lesson.kind,
      content,
      authorId: null,
      now,
    });
    result = { lessonId: id, version: 1 };
    added = true;
  });
  return { result, added };
}

/** video-scripts: a video lesson at the end of the module whose notes hold a script for it (generate-content's 'video-script'). */
export async function scriptStep(deps: StepDeps, ctx: Ctx, step: { moduleId: string }): Promise<FeatureResult> {
  const { db } = deps;
  const language = ctx.job.input.language;
  const done = earlier(await features.findFeatureLesson(db, step), ctx.job.id);
  if (done) return done;
  const [module, course] = [await courses.findModule(db, step.moduleId), await courses.findCourse(db, ctx.job.input.courseId)];
  if (!module || !course || course.status === 'archived') return { lessonId: null, skipped: 'gone' };
  const lessons = (await repo.findLessonsWithContent(db, course.id)).filter((l) => l.module_id === module.id && l.kind === 'text');
  const minutes = Math.min(15, Math.max(3, Math.round(lessons.reduce((sum, l) => sum + (l.duration_minutes ?? 10), 0) / 4)));
  progress(ctx, 10);
  const input = {
    type: 'video-script' as const,
    lesson: {
      module_title: module.title,
      lesson_title: module.title,
      learning_objective: [module.description, ...lessons.map((l) => l.title)].filter(Boolean).join(' · ').slice(0, 1500),
      duration_minutes: minutes,
      difficulty: course.level,
    },
    courseContext: { title: course.title, target_audience: course.target_audience.slice(0, 300), language },
  };
  const result = spent(ctx, await deps.ai.run(generateContent('video-script'), input, runContext(ctx)));
  progress(ctx, 90);
  const notes = toDocument(blocksOf({ type: 'video-script', value: result.output }, language));
  const seconds = result.output.scenes.reduce((sum, s) => sum + s.duration_seconds, 0);
  const content: TVideoContent = { video: null, notes };
  const title = translate('courseGeneration.videoTitle', language, { module: module.title }).slice(0, 200);
  const written = await addLessonOnce(deps, ctx, { courseId: course.id, moduleId: module.id }, step, {
    title,
    kind: 'video',
    format: 'video-script',
    content,
    model: result.model,
    minutes: Math.max(1, Math.ceil(seconds / 60)),
  });
  return written.result;
}

/** downloadable-workbook: a PDF from generate-workbook, stored as the course's upload, in a download lesson at the course's end. */
export async function workbookStep(deps: StepDeps, ctx: Ctx): Promise<FeatureResult> {
  const { db, storage } = deps;
  if (!storage) throw new Error('the workbook needs the storage');
  const { courseId, language } = ctx.job.input;
  const done = earlier(await features.findFeatureLesson(db, { courseId }), ctx.job.id);
  if (done) return done;
  const course = await courses.findCourse(db, courseId);
  const modules = await courses.findModules(db, courseId);
  const last = modules.at(-1);
  if (!course || course.status === 'archived' || !last) return { lessonId: null, skipped: 'gone' };
  const lessons = await repo.findLessonsWithContent(db, courseId);
  const brief = {
    course: { title: course.title, level: course.level, targetAudience: course.target_audience },
    modules: modules.map((m) => ({
      title: m.title,
      lessons: lessons
        .filter((l) => l.module_id === m.id && l.kind === 'text')
        .map((l) => ({ title: l.title, text: plainText(parseJson(l.content, null), 1500) })),
    })),
  };
  progress(ctx, 10);
  const result = spent(ctx, await deps.ai.run(generateWorkbook, brief, runContext(ctx)));
  progress(ctx, 80);
  const pdf = await renderWorkbookPdf(result.output, {
    courseTitle: course.title,
    company: await features.organisationName(db, ctx.job.organisationId),
    language,
  });
  const key = newStorageKey();
  const { size } = await storage.put(key, Readable.from([Buffer.from(pdf)]), 'application/pdf');
  const title = translate('courseGeneration.workbookTitle', language).slice(0, 200);
  const upload = {
    id: newId(),
    organisationId: ctx.job.organisationId,
    courseId,
    kind: 'download' as const,
    mime: 'application/pdf',
    size,
    originalName: `${title}.pdf`,
    storageKey: key,
    createdAt: new Date().toISOString(),
  };
  await insertUpload(db, { ...upload, uploadedBy: ctx.job.userId ?? course.owner_id });
  const notes = toDocument([{ kind: 'paragraph', text: result.output.introduction }]);
  const content: TDownloadContent = { files: [{ uploadId: upload.id, title: result.output.title, size }], notes };
  const written = await addLessonOnce(
    deps,
    ctx,
    { courseId, moduleId: last.id },
    { courseId },
    { title, kind: 'download', format: null, content, model: result.model, minutes: null },
  );
  if (!written.added) {
    // Not used after all (the course got a workbook meanwhile, or lost its modules): the file goes again.
    await features.deleteUpload(db, upload.id);
    await storage.delete(key).catch(() => undefined);
  }
  return written.result;
}
