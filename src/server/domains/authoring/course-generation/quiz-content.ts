import { createHash } from 'node:crypto';
import type { TQuizContent, TQuizQuestion } from '../../../../shared/schemas/lesson-content.ts';
import type { TQuizQuestionOutput } from '../../../ai/tasks/generate-quiz/schema.ts';
import { newId } from '../../../security/tokens.ts';

/**
 * Generated questions as the course model's quiz content (lesson-content.ts). A model tends to put
 * the right answer in the same place; the position it chose is not kept. Question i's correct
 * option goes to position (offset + i) mod n, a balanced rotation: over a quiz every position is
 * right equally often (±1), and the same quiz lesson always gets the same offset.
 */

/** A stable start for the rotation, from the quiz lesson's id. */
export function rotationOffset(seed: string, positions: number): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) % positions;
}

/** The question with its correct option moved to `target`, the others in the order the model gave. */
export function placeCorrect(question: TQuizQuestionOutput, target: number): TQuizQuestion {
  const correct = question.options[question.correct_option]!;
  const others = question.options.filter((_, i) => i !== question.correct_option);
  const position = Math.max(0, Math.min(target, others.length));
  const ordered = [...others.slice(0, position), correct, ...others.slice(position)];
  return {
    id: `q-${newId()}`,
    type: 'single',
    prompt: question.prompt,
    hint: question.hint,
    explanation: question.explanation,
    options: ordered.map((option) => ({ id: `o-${newId()}`, text: option.text, correct: option === correct, feedback: option.feedback })),
    acceptedAnswers: [],
  };
}

/** The questions placed by balanced rotation; the quiz's pass mark, attempts and when it reveals its answers are kept. */
export function quizContent(
  questions: TQuizQuestionOutput[],
  seed: string,
  settings: Pick<TQuizContent, 'passMark' | 'maxAttempts'> & Partial<Pick<TQuizContent, 'revealAnswers'>>,
): TQuizContent {
  const positions = questions[0]?.options.length ?? 4;
  const offset = rotationOffset(seed, positions);
  return { revealAnswers: 'finished', ...settings, questions: questions.map((q, i) => placeCorrect(q, (offset + i) % positions)) };
}

/** Where a question's correct option is (the first, for a question without one). */
export function correctPosition(question: TQuizQuestion): number {
  return Math.max(
    0,
    question.options.findIndex((o) => o.correct),
  );
}

/** How many questions a module's quiz gets: two per lesson, 4–12, a multiple of four so positions even out. */
export function questionCount(lessons: number): number {
  return Math.min(12, Math.max(4, Math.ceil((lessons * 2) / 4) * 4));
}
