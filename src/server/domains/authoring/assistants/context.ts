import type { TChatContext } from '../../../../shared/schemas/assistants.ts';
import { contentSchemas, quizForLearner, ZQuizContent, type LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { canEditCourse, courseRecords as courses, notFound, parseJson, stringList } from '../../courses/index.ts';
import { plainText } from '../course-insights/course-snapshot.ts';
import { learningRecords as learning, lessonFaq } from '../../learning/index.ts';

/**
 * Where a chat is held: a course in the builder, or a lesson of it in the builder or
 * the player. The client sends only ids; this loads what they hold with the user's rights — the
 * course's builder (its company's admin, its instructor) or an enrolled learner — and anything
 * else is 404, as every other course route answers. A learner's quiz is loaded without its answers,
 * and while they have not passed it the coach gives hints only.
 */

/** How much of the current lesson's own text goes into the prompt. */
const LESSON_CHARS = 6000;

export interface ChatLesson {
  id: string;
  title: string;
  kind: LessonKind;
  /** The lesson's words (a text lesson, a video's or download's notes). */
  text: string;
  /** A quiz as the user may see it: a learner's without correct answers. */
  quiz: unknown;
  /** The questions the course's staff pinned to the lesson, with their answers. */
  faq: { question: string; answer: string }[];
}

export interface LoadedContext {
  courseId: string;
  /** builder: the course's admin or instructor; learner: enrolled in it. */
  role: 'builder' | 'learner';
  course: { title: string; description: string; language: string; audience: string; objectives: string[] };
  outline: { module: string; lessons: string[] }[];
  lesson: ChatLesson | null;
  /** A learner on a quiz they have not passed: hints, never answers. */
  hintsOnly: boolean;
}

const lessonNotFound = () => new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');

function lessonText(kind: string, raw: string): string {
  const json = parseJson(raw, null);
  if (kind === 'text') {
    const text = contentSchemas.text.safeParse(json);
    return text.success ? plainText(text.data.content) : '';
  }
  if (kind === 'video' || kind === 'download') {
    const notes = contentSchemas[kind].safeParse(json);
    return notes.success ? plainText(notes.data.notes?.content) : '';
  }
  return '';
}

export async function loadContext(db: Db, actor: TUser, context: TChatContext): Promise<LoadedContext> {
  const course = await courses.findCourse(db, context.courseId);
  if (!course) throw notFound();
  let role: LoadedContext['role'];
  let enrolment: { id: string; cycle: number } | null = null;
  if (canEditCourse({ organisationId: course.organisation_id, ownerId: course.owner_id }, actor)) role = 'builder';
  else {
    const mine = course.status === 'draft' ? undefined : await learning.findEnrolment(db, course.id, actor.id);
    if (!mine) throw notFound();
    role = 'learner';
    enrolment = mine;
  }
  const lessons = await learning.courseLessons(db, course.id);
  const outline: LoadedContext['outline'] = [];
  let lastModule: string | null = null;
  for (const lesson of lessons) {
    if (lesson.module_id !== lastModule) outline.push({ module: lesson.module_title, lessons: [] });
    lastModule = lesson.module_id;
    outline.at(-1)!.lessons.push(lesson.title);
  }
  let lesson: ChatLesson | null = null;
  let hintsOnly = false;
  if (context.lessonId) {
    const row = await learning.findLesson(db, course.id, context.lessonId);
    if (!row) throw lessonNotFound();
    let quiz: unknown = null;
    if (row.kind === 'quiz') {
      const quizContent = ZQuizContent.safeParse(parseJson(row.content, null));
      const key = quizContent.success ? quizContent.data : { passMark: 70, maxAttempts: null, questions: [] };
      if (role === 'learner') {
        quiz = quizForLearner(key);
        const tries = await learning.attempts(db, enrolment!, row.id);
        hintsOnly = !tries.some((t) => Number(t.passed) === 1);
      } else quiz = key;
    }
    lesson = {
      id: row.id,
      title: row.title,
      kind: row.kind,
      text: lessonText(row.kind, row.content).slice(0, LESSON_CHARS),
      quiz,
      faq: (await lessonFaq(db, course.id, row.id)).map((q) => ({ question: q.body, answer: q.answer ?? '' })),
    };
  }
  return {
    courseId: course.id,
    role,
    course: {
      title: course.title,
      description: course.description,
      language: course.language,
      audience: course.target_audience,
      objectives: stringList(course.learning_objectives),
    },
    outline,
    lesson,
    hintsOnly,
  };
}
