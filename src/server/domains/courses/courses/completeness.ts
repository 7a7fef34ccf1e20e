import {
  contentSchemas,
  LESSON_KINDS,
  ZQuizContent,
  type LessonKind,
  type TipTapNode,
  type TQuizQuestion,
} from '../../../../shared/schemas/lesson-content.ts';
import type { MessageKey } from '../../../../shared/i18n/messages.ts';
import type { FieldMessage } from '../../../http/errors.ts';
import { parseJson } from './serialise.ts';

/** The plain text of TipTap nodes. */
export function plainText(nodes: TipTapNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) =>
      node.type === 'text'
        ? (node.text ?? '')
        : plainText(node.content) + (node.type === 'paragraph' || node.type === 'heading' ? '\n' : ' '),
    )
    .join('');
}

const hasImage = (nodes: TipTapNode[] | undefined): boolean =>
  (nodes ?? []).some((node) => node.type === 'image' || hasImage(node.content));

/**
 * Whether a lesson has nothing for a learner, by its kind: a text lesson without text or an
 * image, a video lesson without a video, a download without a file, a quiz without questions.
 * Content its kind's schema does not accept counts as empty.
 */
export function isEmptyLesson(kind: string, content: string): boolean {
  if (!(LESSON_KINDS as readonly string[]).includes(kind)) return true;
  const parsed = contentSchemas[kind as LessonKind].safeParse(parseJson(content, null));
  if (!parsed.success) return true;
  const value = parsed.data;
  if ('type' in value) return plainText(value.content).trim() === '' && !hasImage(value.content);
  if ('video' in value) return value.video === null;
  if ('files' in value) return value.files.length === 0;
  if ('packageId' in value) return false;
  return value.questions.length === 0;
}

export interface EmptyLesson {
  id: string;
  title: string;
  kind: LessonKind;
}

const EMPTY_MESSAGE: Record<LessonKind, MessageKey> = {
  text: 'course.emptyLesson.text',
  video: 'course.emptyLesson.video',
  download: 'course.emptyLesson.download',
  quiz: 'course.emptyLesson.quiz',
  scorm: 'course.emptyLesson.scorm',
};

/** Why each empty lesson is empty, as field → message: what the publish confirmation lists. */
export function emptyLessonMessages(lessons: EmptyLesson[]): Record<string, FieldMessage> {
  return Object.fromEntries(
    lessons.map((l) => [
      `lessons.${l.id}`,
      {
        key: EMPTY_MESSAGE[l.kind],
        params: { lesson: l.title },
      },
    ]),
  );
}

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
