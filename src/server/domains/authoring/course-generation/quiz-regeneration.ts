import { ZQuizContent, type TQuizContent } from '../../../../shared/schemas/lesson-content.ts';
import type { AiRunner, RunContext } from '../../../ai/run-task.ts';
import { generateQuiz } from '../../../ai/tasks/generate-quiz/prompt.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { type LessonRow, parseJson } from '../../courses/index.ts';
import { quizBrief } from './briefs.ts';
import { correctPosition, placeCorrect, quizContent } from './quiz-content.ts';

/** A quiz lesson's quiz written again at once, or one of its questions. */

const DEFAULT_QUIZ: TQuizContent = { passMark: 70, maxAttempts: 3, revealAnswers: 'finished', questions: [] };

function currentQuiz(lesson: LessonRow): TQuizContent {
  const parsed = ZQuizContent.safeParse(parseJson(lesson.content, null));
  return parsed.success ? parsed.data : DEFAULT_QUIZ;
}

async function brief(db: Db, lesson: LessonRow, questions: number | undefined, avoid?: string[]) {
  const input = await quizBrief(db, lesson.course_id, lesson.module_id, questions, avoid);
  if (!input) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
  if (input.module.lessons.length === 0) throw new AppError('VALIDATION', 400, 'courseGeneration.noLessons');
  return input;
}

/** The whole quiz from the module's lessons as they now are; as many questions as it had (or the default). */
export async function regenerateQuiz(
  db: Db,
  ai: AiRunner,
  lesson: LessonRow,
  ctx: RunContext,
): Promise<{ content: TQuizContent; model: string }> {
  const quiz = currentQuiz(lesson);
  const input = await brief(db, lesson, quiz.questions.length > 0 ? Math.min(12, quiz.questions.length) : undefined);
  const result = await ai.run(generateQuiz, input, ctx);
  return { content: quizContent(result.output.questions.slice(0, input.questionCount), lesson.id, quiz), model: result.model };
}

/**
 * Question `index` written again, unlike the quiz's other questions; its correct option goes where
 * the old question's was, so the quiz's spread of correct positions stays as it was.
 */
export async function regenerateQuestion(
  db: Db,
  ai: AiRunner,
  lesson: LessonRow,
  index: number,
  ctx: RunContext,
): Promise<{ content: TQuizContent; model: string }> {
  const quiz = currentQuiz(lesson);
  const old = quiz.questions[index];
  if (!old)
    throw new AppError('VALIDATION', 400, 'courseGeneration.noQuestion', { fields: { questionIndex: 'courseGeneration.noQuestion' } });
  const input = await brief(
    db,
    lesson,
    1,
    quiz.questions.map((q) => q.prompt),
  );
  const result = await ai.run(generateQuiz, input, ctx);
  const question = placeCorrect(result.output.questions[0]!, correctPosition(old));
  return { content: { ...quiz, questions: quiz.questions.map((q, i) => (i === index ? question : q)) }, model: result.model };
}
