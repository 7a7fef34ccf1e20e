import type { Db } from '../../../db/database.ts';
import type { LessonInput } from '../../../ai/tasks/generate-lesson/prompt.ts';
import type { OutlineInput } from '../../../ai/tasks/generate-outline/prompt.ts';
import type { QuizInput } from '../../../ai/tasks/generate-quiz/prompt.ts';
import { courseRecords as courses, type CourseRow, type LessonRow, parseJson } from '../../courses/index.ts';
import { plainText } from './lesson-document.ts';
import { questionCount } from './quiz-content.ts';
import * as repo from './repository.ts';

/** What the AI tasks are told about a course, a lesson and a module: the builder's own fields, as data. */

const list = (text: string): string[] => {
  const value = parseJson(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

export function courseBrief(course: CourseRow): OutlineInput['course'] {
  return {
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    learningObjectives: list(course.learning_objectives),
    level: course.level,
    targetAudience: course.target_audience,
    durationMinutes: course.duration_minutes,
  };
}

/** A text lesson in its module and course; undefined when the course is gone or archived. */
export async function lessonBrief(db: Db, lesson: LessonRow, summary: string, instructions?: string): Promise<LessonInput | undefined> {
  const [course, module, lessons] = await Promise.all([
    courses.findCourse(db, lesson.course_id),
    courses.findModule(db, lesson.module_id),
    courses.findLessonSummaries(db, lesson.course_id),
  ]);
  if (!course || !module || course.status === 'archived') return undefined;
  const siblings = lessons.filter((l) => l.module_id === module.id);
  const brief = courseBrief(course);
  return {
    course: {
      title: brief.title,
      description: brief.description,
      level: brief.level,
      targetAudience: brief.targetAudience,
      learningObjectives: brief.learningObjectives,
    },
    module: { title: module.title, description: module.description, lessonTitles: siblings.map((l) => l.title) },
    lesson: { title: lesson.title, summary, durationMinutes: lesson.duration_minutes },
    ...(instructions && { instructions }),
  };
}

/** A module's text lessons as plain text (each cut to a few thousand characters) for its quiz. */
export async function quizBrief(
  db: Db,
  courseId: string,
  moduleId: string,
  questions: number | undefined,
  avoid?: string[],
): Promise<QuizInput | undefined> {
  const [course, module, all] = await Promise.all([
    courses.findCourse(db, courseId),
    courses.findModule(db, moduleId),
    repo.findLessonsWithContent(db, courseId),
  ]);
  if (!course || !module || course.status === 'archived') return undefined;
  const lessons = all.filter((l) => l.module_id === moduleId && l.kind === 'text');
  return {
    course: { title: course.title, level: course.level, targetAudience: course.target_audience },
    module: { title: module.title, lessons: lessons.map((l) => ({ title: l.title, text: plainText(parseJson(l.content, null), 3000) })) },
    questionCount: questions ?? questionCount(lessons.length),
    ...(avoid?.length && { avoid }),
  };
}
