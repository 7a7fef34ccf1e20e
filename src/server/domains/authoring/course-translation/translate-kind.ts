import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { defineJobKind, type StepContext } from '../../../jobs/kinds.ts';
import type { AiRunner } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import { translateCourse } from '../../../ai/tasks/translate-course/prompt.ts';
import { courseRecords as repo, recordRevision } from '../../courses/index.ts';
import { batches, keepEdges, lessonTexts } from './segments.ts';

export const TRANSLATE_KIND = 'translate-course';

const ZPair = z.object({ source: z.string(), target: z.string() });
export const ZTranslateInput = z.object({
  sourceCourseId: z.string(),
  targetCourseId: z.string(),
  from: z.enum(['da', 'en']),
  to: z.enum(['da', 'en']),
  modules: z.array(ZPair),
  lessons: z.array(ZPair.extend({ version: z.number().int() })),
});
export type TranslateInput = z.infer<typeof ZTranslateInput>;

type Ctx = StepContext<TranslateInput>;

/**
 * Translates texts through the model in batches; each batch is one validated call whose answer
 * must give back every id it was sent. Returns the translations in the order of `texts`.
 */
async function translateTexts(
  ai: AiRunner,
  ctx: Ctx,
  course: { title: string; audience: string },
  texts: readonly string[],
): Promise<{ out: string[]; model: string }> {
  const { job } = ctx;
  const items = texts.map((text, i) => ({ id: `s${i + 1}`, text }));
  const out = new Array<string>(texts.length);
  let model = '';
  for (const batch of batches(items)) {
    const result = await ai.run(
      translateCourse(batch.map((s) => s.id)),
      { from: job.input.from, course, segments: batch },
      {
        organisationId: job.organisationId,
        userId: job.userId,
        isAdmin: false,
        language: job.input.to as AiLanguage,
        signal: ctx.signal,
      },
    );
    ctx.reportTokens({ input: result.usage.inputTokens, output: result.usage.outputTokens });
    model = `${result.provider}:${result.model}`;
    const byId = new Map(result.output.segments.map((s) => [s.id, s.text]));
    for (const item of batch) out[Number(item.id.slice(1)) - 1] = keepEdges(item.text, byId.get(item.id) ?? item.text);
  }
  return { out, model };
}

/** The course's own words: title, subtitle, description, audience, objectives, tags and the modules'. */
async function translateCourseText(db: Db, ai: AiRunner, ctx: Ctx) {
  const input = ctx.job.input;
  const [source, target] = await Promise.all([repo.findCourse(db, input.sourceCourseId), repo.findCourse(db, input.targetCourseId)]);
  if (!source || !target) return { skipped: 'course deleted' };
  // The copy was made at version 1: a later version means its owner has edited it; theirs wins.
  if (target.version !== 1) return { skipped: 'edited' };
  const objectives = JSON.parse(source.learning_objectives) as string[];
  const tags = JSON.parse(source.tags) as string[];
  const modules = await repo.findModules(db, source.id);
  const fields = [source.title, source.subtitle, source.description, source.target_audience];
  const moduleTexts = modules.flatMap((m) => [m.title, m.description]);
  const all = [...fields, ...objectives, ...tags, ...moduleTexts];
  const present = all.map((t, i) => ({ t, i })).filter(({ t }) => t.trim());
  const { out } = await translateTexts(
    ai,
    ctx,
    { title: source.title, audience: source.target_audience },
    present.map((p) => p.t),
  );
  const translated = [...all];
  present.forEach((p, k) => (translated[p.i] = out[k]!));
  const [title, subtitle, description, audience] = translated;
  let at = fields.length;
  const newObjectives = translated.slice(at, (at += objectives.length));
  const newTags = translated.slice(at, (at += tags.length));
  const updated = await repo.updateCourse(db, target.id, 1, {
    title: title!.slice(0, 200),
    subtitle: subtitle!,
    description: description!,
    target_audience: audience!,
    learning_objectives: JSON.stringify(newObjectives),
    tags: JSON.stringify(newTags),
    updated_at: new Date().toISOString(),
  });
  const pairs = new Map(input.modules.map((p) => [p.source, p.target]));
  for (const [i, m] of modules.entries()) {
    const targetId = pairs.get(m.id);
    const copy = targetId && (await repo.findModule(db, targetId));
    // A module its owner renamed meanwhile keeps the owner's words.
    if (!copy || copy.title !== m.title || copy.description !== m.description) continue;
    await repo.updateModule(db, copy.id, {
      title: translated[at + 2 * i]!.slice(0, 200),
      description: translated[at + 2 * i + 1]!,
      updated_at: new Date().toISOString(),
    });
  }
  return { translated: present.length, courseUpdated: updated };
}

async function translateLesson(db: Db, ai: AiRunner, ctx: Ctx, pair: { source: string; target: string; version: number }) {
  const [target, course] = await Promise.all([repo.findLesson(db, pair.target), repo.findCourse(db, ctx.job.input.sourceCourseId)]);
  if (!target || !course) return { skipped: 'lesson deleted' };
  if (target.version !== pair.version) return { skipped: 'edited' };
  // The copy's own content (the original's words, with the copy's files): unedited, as checked above.
  const extraction = lessonTexts(target.kind, JSON.parse(target.content) as unknown);
  const texts = [target.title, ...extraction.texts];
  const { out, model } = await translateTexts(ai, ctx, { title: course.title, audience: course.target_audience }, texts);
  const content = JSON.stringify(extraction.apply(out.slice(1)));
  const title = (out[0] ?? target.title).trim().slice(0, 200) || target.title;
  const now = new Date();
  const saved = await db.transaction().execute(async (trx) => {
    const ok = await repo.updateLesson(trx, target.id, pair.version, {
      title,
      content,
      source: 'ai',
      source_model: model || null,
      updated_at: now.toISOString(),
    });
    if (!ok) return false;
    // The copy's first state stays restorable, and so does the translation.
    await recordRevision(
      trx,
      target.id,
      { version: pair.version, title: target.title, kind: target.kind, content: target.content },
      ctx.job.userId ?? course.owner_id,
      now,
      { coalesce: false },
    );
    await recordRevision(
      trx,
      target.id,
      { version: pair.version + 1, title, kind: target.kind, content },
      ctx.job.userId ?? course.owner_id,
      now,
      { coalesce: false },
    );
    return true;
  });
  return saved ? { translated: texts.length } : { skipped: 'edited' };
}

/**
 * A whole course translated da ↔ en into its linked copy: one step for the course's
 * own texts and one per lesson, run in parallel by the engine; each writes its piece of the copy
 * and nothing else, so a resumed job never repeats a finished piece, and a piece its owner edited
 * while the job ran is left as they wrote it.
 */
export function translateKind(db: Db, ai: AiRunner) {
  return defineJobKind<TranslateInput>({
    name: TRANSLATE_KIND,
    input: ZTranslateInput,
    plan: (input) => [
      { key: 'course', phase: 'course', input: { course: input.targetCourseId } },
      ...input.lessons.map((l) => ({ key: `lesson:${l.source}`, phase: 'lessons', input: l })),
    ],
    runStep: async (ctx) => {
      if (ctx.step.key === 'course') return translateCourseText(db, ai, ctx);
      const pair = ctx.job.input.lessons.find((l) => `lesson:${l.source}` === ctx.step.key);
      if (!pair) throw new Error(`no lesson for step ${ctx.step.key}`);
      return translateLesson(db, ai, ctx, pair);
    },
    result: (input) => ({ courseId: input.targetCourseId }),
  });
}
