import type { TQuestionResult } from '../../../../shared/schemas/learning.ts';
import type { QuizReveal, TQuizContent } from '../../../../shared/schemas/lesson-content.ts';

export interface GradedQuestion {
  questionId: string;
  correct: boolean;
  feedback: { optionId: string; text: string }[];
  explanation: string;
  correctOptionIds: string[];
  acceptedAnswers: string[];
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('da');

/**
 * Grades answers against the key, on the server only: choice questions are right when exactly the
 * correct options are chosen; a short answer when it matches an accepted one, ignoring case and
 * spacing. The score is the whole per cent of questions right; a quiz without questions scores 100.
 */
export function grade(quiz: TQuizContent, answers: Record<string, string[] | string>): { score: number; questions: GradedQuestion[] } {
  const questions = quiz.questions.map((question): GradedQuestion => {
    const given = answers[question.id];
    const correctOptionIds = question.options.filter((o) => o.correct).map((o) => o.id);
    let correct: boolean;
    let feedback: GradedQuestion['feedback'] = [];
    if (question.type === 'short_answer') {
      const text = typeof given === 'string' ? normalise(given) : '';
      correct = text !== '' && question.acceptedAnswers.some((accepted) => normalise(accepted) === text);
    } else {
      const chosen = [...new Set(Array.isArray(given) ? given : typeof given === 'string' ? [given] : [])].filter((id) =>
        question.options.some((o) => o.id === id),
      );
      const single = question.type !== 'multiple';
      correct =
        chosen.length > 0 &&
        (!single || chosen.length === 1) &&
        chosen.length === correctOptionIds.length &&
        chosen.every((id) => correctOptionIds.includes(id));
      feedback = chosen
        .map((id) => ({ optionId: id, text: question.options.find((o) => o.id === id)?.feedback ?? '' }))
        .filter((f) => f.text !== '');
    }
    return {
      questionId: question.id,
      correct,
      feedback,
      explanation: question.explanation,
      correctOptionIds,
      acceptedAnswers: question.acceptedAnswers,
    };
  });
  const right = questions.filter((q) => q.correct).length;
  const score = questions.length === 0 ? 100 : Math.round((100 * right) / questions.length);
  return { score, questions };
}

/**
 * Whether the learner may see the answer key now, by the author's choice. While attempts are left
 * and the quiz is not passed the key would let the next attempt be copied, so 'finished' waits for
 * a pass or the last attempt.
 */
export function answersRevealed(reveal: QuizReveal, state: { passed: boolean; attemptsLeft: number | null }): boolean {
  if (reveal === 'never') return false;
  if (reveal === 'passed') return state.passed;
  return state.passed || state.attemptsLeft === 0;
}

/** A graded attempt as the learner receives it: right or wrong and the chosen options' feedback, the key only when revealed. */
export function resultForLearner(questions: GradedQuestion[], revealed: boolean): TQuestionResult[] {
  return questions.map((q) => ({
    questionId: q.questionId,
    correct: q.correct,
    feedback: q.feedback,
    answer: revealed ? { correctOptionIds: q.correctOptionIds, acceptedAnswers: q.acceptedAnswers, explanation: q.explanation } : null,
  }));
}
