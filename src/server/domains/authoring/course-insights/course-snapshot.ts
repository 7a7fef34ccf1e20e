import type { TCourseStructure } from '../../../../shared/schemas/course-insights.ts';
import { contentSchemas, LESSON_KINDS, type LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { CourseBrief } from '../../../ai/tasks/course-brief.ts';
import { type CourseRow, isEmptyLesson, parseJson, plainText } from '../../courses/index.ts';
import type { ContentRows } from './repository.ts';

/**
 * A course as the insights read it: the brief the AI tasks are given and the structure summary
 * the API answers, both from the course's stored content (each lesson parsed by its kind's schema).
 */

const INTRO_CHARS = 400;

export { plainText };

export interface LessonFacts {
  id: string;
  moduleId: string;
  title: string;
  kind: LessonKind;
  minutes: number | null;
  version: number;
  empty: boolean;
  hasVideo: boolean;
  questions: number;
  intro: string;
}

/** What one lesson holds; content its kind's schema does not accept counts as empty. */
export function lessonFacts(row: ContentRows['lessons'][number]): LessonFacts {
  const kind = row.kind;
  const parsed = contentSchemas[kind].safeParse(parseJson(row.content, null));
  const content = parsed.success ? parsed.data : null;
  // The same test publishing asks to confirm, so the checklist and the publish dialog agree.
  const empty = isEmptyLesson(kind, row.content);
  let hasVideo = false;
  let questions = 0;
  let intro = '';
  if (content && 'type' in content) {
    intro = plainText(content.content.filter((n) => n.type === 'paragraph').slice(0, 1))
      .trim()
      .slice(0, INTRO_CHARS);
  } else if (content && 'video' in content) {
    hasVideo = content.video !== null;
  } else if (content && 'questions' in content) {
    questions = content.questions.length;
  }
  const minutes = row.duration_minutes === null ? null : Number(row.duration_minutes);
  return {
    id: row.id,
    moduleId: row.module_id,
    title: row.title,
    kind,
    minutes,
    version: Number(row.version),
    empty,
    hasVideo,
    questions,
    intro,
  };
}

export interface CourseSnapshot {
  course: CourseRow;
  modules: { id: string; title: string }[];
  lessons: LessonFacts[];
}

export function snapshotOf(course: CourseRow, rows: ContentRows): CourseSnapshot {
  return { course, modules: rows.modules, lessons: rows.lessons.map(lessonFacts) };
}

export function structureOf(snapshot: CourseSnapshot): TCourseStructure {
  const { lessons } = snapshot;
  const kinds = Object.fromEntries(LESSON_KINDS.map((k) => [k, lessons.filter((l) => l.kind === k).length])) as TCourseStructure['kinds'];
  return {
    modules: snapshot.modules.length,
    lessons: lessons.length,
    kinds,
    minutes: lessons.reduce((sum, l) => sum + (l.minutes ?? 0), 0),
    lessonsWithoutMinutes: lessons.filter((l) => l.minutes === null).length,
    emptyLessons: lessons.filter((l) => l.empty).length,
    quizzes: kinds.quiz,
    quizQuestions: lessons.reduce((sum, l) => sum + l.questions, 0),
    videosWithVideo: lessons.filter((l) => l.kind === 'video' && l.hasVideo).length,
  };
}

const stringList = (text: string) => {
  const value = parseJson(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

export function briefOf(snapshot: CourseSnapshot): CourseBrief {
  const { course } = snapshot;
  return {
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    level: course.level,
    targetAudience: course.target_audience,
    learningObjectives: stringList(course.learning_objectives),
    status: course.status,
    modules: snapshot.modules.map((m) => ({
      id: m.id,
      title: m.title,
      lessons: snapshot.lessons
        .filter((l) => l.moduleId === m.id)
        .map((l) => ({
          id: l.id,
          title: l.title,
          kind: l.kind,
          minutes: l.minutes,
          empty: l.empty,
          ...(l.kind === 'text' && { intro: l.intro }),
          ...(l.kind === 'quiz' && { questions: l.questions }),
        })),
    })),
  };
}
