import type { TOptimizationChange } from '../../../../shared/schemas/course-optimizations.ts';
import { COURSE_LIMITS } from '../../../../shared/schemas/courses.ts';
import { ZTextContent, type TQuizQuestion, type TipTapNode, type TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import {
  courseRecords as courses,
  type CourseRow,
  type Executor,
  parseJson,
  recordRevision,
  validateContent,
} from '../../courses/index.ts';
import type { OptimizationRow } from './repository.ts';

/**
 * Applies one suggested change through the course model, inside the caller's transaction: the
 * same content validation as an author's save, the version written against checked in the same
 * statement, and for a lesson a revision (the state before too, when the lesson had none, so the
 * change can be undone). A version that moved since the suggestion was made is 409 STALE_SUGGESTION.
 */

export const stale = () => new AppError('STALE_SUGGESTION', 409, 'insights.staleSuggestion');

const textNode = (text: string): TipTapNode => ({ type: 'text', text });
const paragraph = (text: string): TipTapNode => ({ type: 'paragraph', content: [textNode(text)] });
const KEY_POINTS = { da: 'Nøglepunkter', en: 'Key points' } as const;

/** The lesson's content with its first paragraph replaced (or one added first when it has none). */
function withIntro(doc: TTextContent, text: string): TTextContent {
  const at = doc.content.findIndex((node) => node.type === 'paragraph');
  const content = [...doc.content];
  if (at >= 0) content[at] = paragraph(text);
  else content.unshift(paragraph(text));
  return { type: 'doc', content };
}

/** The lesson's content with a "Key points" heading and list at the end (an empty lesson is replaced). */
function withKeyPoints(doc: TTextContent, points: string[], language: 'da' | 'en'): TTextContent {
  const blank = doc.content.length === 1 && doc.content[0]!.type === 'paragraph' && !doc.content[0]!.content?.length;
  const list: TipTapNode = { type: 'bulletList', content: points.map((p) => ({ type: 'listItem', content: [paragraph(p)] })) };
  return {
    type: 'doc',
    content: [...(blank ? [] : doc.content), { type: 'heading', attrs: { level: 2 }, content: [textNode(KEY_POINTS[language])] }, list],
  };
}

function quizQuestions(change: Extract<TOptimizationChange, { op: 'add-module-quiz' }>): TQuizQuestion[] {
  return change.questions.map((q) => ({
    id: newId(),
    type: 'single',
    prompt: q.prompt,
    hint: '',
    explanation: q.explanation,
    options: q.options.map((o) => ({ id: newId(), text: o.text, correct: o.correct, feedback: '' })),
    acceptedAnswers: [],
  }));
}

export interface Applied {
  courseVersion: number;
  lessonId: string | null;
  lessonVersion: number | null;
}

export async function applyChange(
  trx: Executor,
  course: CourseRow,
  row: OptimizationRow,
  change: TOptimizationChange,
  actorId: string,
): Promise<Applied> {
  const now = new Date();
  const at = now.toISOString();
  if (change.op === 'rename-lesson' || change.op === 'rewrite-lesson-intro' || change.op === 'add-key-points') {
    const lesson = await courses.findLesson(trx, change.lessonId);
    if (!lesson || lesson.course_id !== course.id || row.lesson_version === null || Number(lesson.version) !== row.lesson_version)
      throw stale();
    let title = lesson.title;
    let content = lesson.content;
    if (change.op === 'rename-lesson') title = change.title;
    else {
      const doc = ZTextContent.safeParse(parseJson(lesson.content, null));
      if (lesson.kind !== 'text' || !doc.success) throw stale();
      const next =
        change.op === 'rewrite-lesson-intro'
          ? withIntro(doc.data, change.paragraph)
          : withKeyPoints(doc.data, change.points, course.language === 'en' ? 'en' : 'da');
      content = JSON.stringify(validateContent('text', next));
    }
    const version = row.lesson_version;
    if (!(await courses.updateLesson(trx, lesson.id, version, { title, content, updated_at: at }))) throw stale();
    // A lesson never saved by hand has no revision yet: keep the state the change replaces.
    if (!(await courses.latestRevision(trx, lesson.id))) {
      await recordRevision(trx, lesson.id, { version, title: lesson.title, kind: lesson.kind, content: lesson.content }, actorId, now, {
        coalesce: false,
      });
    }
    await recordRevision(trx, lesson.id, { version: version + 1, title, kind: lesson.kind, content }, actorId, now, { coalesce: false });
    return { courseVersion: Number(course.version), lessonId: lesson.id, lessonVersion: version + 1 };
  }

  if (Number(course.version) !== row.course_version) throw stale();
  const bump = async (set: Parameters<typeof courses.updateCourse>[3]) => {
    if (!(await courses.updateCourse(trx, course.id, row.course_version, { ...set, updated_at: at }))) throw stale();
  };
  if (change.op === 'update-description') {
    await bump({ description: change.text });
    return { courseVersion: row.course_version + 1, lessonId: null, lessonVersion: null };
  }
  if (change.op === 'add-learning-objective') {
    const current = parseJson(course.learning_objectives, []);
    const objectives = Array.isArray(current) ? current.filter((o): o is string => typeof o === 'string') : [];
    if (objectives.length >= COURSE_LIMITS.objectives) throw new AppError('TOO_MANY_OBJECTIVES', 409, 'insights.tooManyObjectives');
    await bump({ learning_objectives: JSON.stringify([...objectives, change.text]) });
    return { courseVersion: row.course_version + 1, lessonId: null, lessonVersion: null };
  }
  // add-module-quiz: a new quiz lesson at the end of the module, as the outline adds lessons.
  const module = await courses.findModule(trx, change.moduleId);
  if (!module || module.course_id !== course.id) throw stale();
  await bump({});
  const content = validateContent('quiz', { passMark: 70, maxAttempts: 3, questions: quizQuestions(change) });
  const lessonId = newId();
  await courses.insertLesson(trx, {
    id: lessonId,
    course_id: course.id,
    module_id: module.id,
    position: await courses.nextLessonPosition(trx, module.id),
    title: change.title,
    kind: 'quiz',
    content: JSON.stringify(content),
    format: null,
    source: 'ai',
    source_model: `${row.provider}:${row.model}`,
    duration_minutes: null,
    version: 1,
    created_at: at,
    updated_at: at,
  });
  return { courseVersion: row.course_version + 1, lessonId, lessonVersion: 1 };
}
