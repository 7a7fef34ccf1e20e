import { ZQuizContent, type TQuizQuestion } from '../../../shared/schemas/lesson-content.ts';
import type { FieldMessage } from '../../http/errors.ts';
import { parseJson } from './serialise.ts';

export interface CompletenessInput {
  title: string;
  description: string;
  pricing: string;
  price: number;
  lessonCount: number;
  quizzes: { id: string; title: string; content: string }[];
}

/** Whether a choice question has the correct options its type needs, or a short answer an accepted answer. */
export function hasAnswerKey(question: TQuizQuestion): boolean {
  const correct = question.options.filter((o) => o.correct).length;
  switch (question.type) {
    case 'single':
    case 'true_false':
      return correct === 1;
    case 'multiple':
      return correct >= 1;
    case 'short_answer':
      return question.acceptedAnswers.some((a) => a.trim() !== '');
  }
}

/**
 * What a course still lacks before it may be published, as field → message (empty when
 * complete): a title, a description, a lesson, questions in every quiz, an answer key for every
 * question, and a price above 0 when paid.
 */
export function missingForPublish(course: CompletenessInput): Record<string, FieldMessage> {
  const missing: Record<string, FieldMessage> = {};
  if (course.title.trim() === '') missing.title = 'course.missingTitle';
  if (course.description.trim() === '') missing.description = 'course.missingDescription';
  if (course.lessonCount === 0) missing.lessons = 'course.missingLesson';
  for (const quiz of course.quizzes) {
    const parsed = ZQuizContent.safeParse(parseJson(quiz.content, null));
    const questions = parsed.success ? parsed.data.questions : [];
    const params = { lesson: quiz.title };
    if (questions.length === 0) missing[`lessons.${quiz.id}`] = { key: 'course.missingQuestions', params };
    else if (!questions.every(hasAnswerKey)) missing[`lessons.${quiz.id}`] = { key: 'course.missingCorrectAnswer', params };
  }
  if (course.pricing === 'paid' && course.price <= 0) missing.price = 'course.missingPrice';
  return missing;
}
