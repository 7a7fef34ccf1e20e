import { QUIZ_REVEALS, type QuestionType, type TQuizContent, type TQuizQuestion } from '@shared/schemas/lesson-content.ts';
import { moveItem } from '../components/move-item';

/**
 * The quiz editor's logic, as pure functions over ZQuizContent: adding, changing and ordering
 * questions and options, and what each question still lacks. New ids come from
 * crypto.randomUUID(); `newId` is injectable for tests.
 */

export type QuizOption = TQuizQuestion['options'][number];

export const MAX_QUESTIONS = 100;
export const MAX_OPTIONS = 10;
export const MAX_ACCEPTED_ANSWERS = 20;

export interface QuizLabels {
  /** The two fixed options of a true/false question, in the author's language. */
  true: string;
  false: string;
}

export type NewId = () => string;
const uuid: NewId = () => crypto.randomUUID();

export function newOption(text = '', correct = false, newId: NewId = uuid): QuizOption {
  return { id: newId(), text, correct, feedback: '' };
}

function trueFalseOptions(labels: QuizLabels, newId: NewId): QuizOption[] {
  return [newOption(labels.true, true, newId), newOption(labels.false, false, newId)];
}

export function newQuestion(type: QuestionType, labels: QuizLabels, newId: NewId = uuid): TQuizQuestion {
  const base = { id: newId(), type, prompt: '', hint: '', explanation: '', options: [] as QuizOption[], acceptedAnswers: [] as string[] };
  switch (type) {
    case 'single':
    case 'multiple':
      return { ...base, options: [newOption('', false, newId), newOption('', false, newId)] };
    case 'true_false':
      return { ...base, options: trueFalseOptions(labels, newId) };
    case 'short_answer':
      return { ...base, acceptedAnswers: [''] };
  }
}

/**
 * A question of another type, keeping what still makes sense: the prompt, hint and explanation
 * always; the options between single and multiple choice (single keeps only the first correct one).
 */
export function changeQuestionType(question: TQuizQuestion, type: QuestionType, labels: QuizLabels, newId: NewId = uuid): TQuizQuestion {
  if (question.type === type) return question;
  const kept = { id: question.id, type, prompt: question.prompt, hint: question.hint, explanation: question.explanation };
  if ((type === 'single' || type === 'multiple') && (question.type === 'single' || question.type === 'multiple')) {
    let seenCorrect = false;
    const options =
      type === 'single'
        ? question.options.map((o) => {
            const correct = o.correct && !seenCorrect;
            if (correct) seenCorrect = true;
            return { ...o, correct };
          })
        : question.options;
    return { ...kept, options, acceptedAnswers: [] };
  }
  const fresh = newQuestion(type, labels, newId);
  return { ...kept, options: fresh.options, acceptedAnswers: fresh.acceptedAnswers };
}

export function addQuestion(quiz: TQuizContent, type: QuestionType, labels: QuizLabels, newId: NewId = uuid): TQuizContent {
  if (quiz.questions.length >= MAX_QUESTIONS) return quiz;
  return { ...quiz, questions: [...quiz.questions, newQuestion(type, labels, newId)] };
}

export function updateQuestion(quiz: TQuizContent, id: string, change: (question: TQuizQuestion) => TQuizQuestion): TQuizContent {
  return { ...quiz, questions: quiz.questions.map((q) => (q.id === id ? change(q) : q)) };
}

export function removeQuestion(quiz: TQuizContent, id: string): TQuizContent {
  return { ...quiz, questions: quiz.questions.filter((q) => q.id !== id) };
}

export function moveQuestion(quiz: TQuizContent, id: string, by: -1 | 1): TQuizContent {
  const index = quiz.questions.findIndex((q) => q.id === id);
  if (index < 0) return quiz;
  return { ...quiz, questions: moveItem(quiz.questions, index, index + by) };
}

export function addOption(question: TQuizQuestion, newId: NewId = uuid): TQuizQuestion {
  if (question.type === 'true_false' || question.type === 'short_answer' || question.options.length >= MAX_OPTIONS) return question;
  return { ...question, options: [...question.options, newOption('', false, newId)] };
}

export function updateOption(
  question: TQuizQuestion,
  optionId: string,
  change: Partial<Omit<QuizOption, 'id' | 'correct'>>,
): TQuizQuestion {
  // A true/false question's two options keep their fixed text; only their feedback changes.
  const allowed = question.type === 'true_false' ? { feedback: change.feedback } : change;
  const clean = Object.fromEntries(Object.entries(allowed).filter(([, v]) => v !== undefined));
  return { ...question, options: question.options.map((o) => (o.id === optionId ? { ...o, ...clean } : o)) };
}

/** Marks an option correct or not: single choice and true/false have exactly one correct option. */
export function setOptionCorrect(question: TQuizQuestion, optionId: string, correct: boolean): TQuizQuestion {
  if (question.type === 'single' || question.type === 'true_false') {
    if (!correct) return question; // one answer stays correct: choose another instead
    return { ...question, options: question.options.map((o) => ({ ...o, correct: o.id === optionId })) };
  }
  return { ...question, options: question.options.map((o) => (o.id === optionId ? { ...o, correct } : o)) };
}

export function removeOption(question: TQuizQuestion, optionId: string): TQuizQuestion {
  if (question.type === 'true_false') return question;
  return { ...question, options: question.options.filter((o) => o.id !== optionId) };
}

export function moveOption(question: TQuizQuestion, optionId: string, by: -1 | 1): TQuizQuestion {
  if (question.type === 'true_false') return question;
  const index = question.options.findIndex((o) => o.id === optionId);
  if (index < 0) return question;
  return { ...question, options: moveItem(question.options, index, index + by) };
}

export function setAcceptedAnswers(question: TQuizQuestion, answers: string[]): TQuizQuestion {
  return { ...question, acceptedAnswers: answers.slice(0, MAX_ACCEPTED_ANSWERS) };
}

export type QuestionProblem = 'noPrompt' | 'noCorrect' | 'tooFewOptions' | 'emptyOption' | 'noAcceptedAnswer';

/**
 * What keeps a question from being answerable, first the missing correct answer (which blocks
 * publishing). Short answer needs an accepted answer; choices need two options with text.
 */
export function questionProblems(question: TQuizQuestion): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  if (question.type === 'short_answer') {
    if (!question.acceptedAnswers.some((a) => a.trim() !== '')) problems.push('noAcceptedAnswer');
  } else {
    if (!question.options.some((o) => o.correct)) problems.push('noCorrect');
    if (question.options.length < 2) problems.push('tooFewOptions');
    if (question.options.some((o) => o.text.trim() === '')) problems.push('emptyOption');
  }
  if (question.prompt.trim() === '') problems.push('noPrompt');
  return problems;
}

/** Whether the question has a correct answer (what publishing requires). */
export function hasCorrectAnswer(question: TQuizQuestion): boolean {
  return question.type === 'short_answer' ? question.acceptedAnswers.some((a) => a.trim() !== '') : question.options.some((o) => o.correct);
}

/** The questions that lack a correct answer, by their 1-based number. */
export function questionsWithoutAnswer(quiz: TQuizContent): number[] {
  return quiz.questions.flatMap((q, i) => (hasCorrectAnswer(q) ? [] : [i + 1]));
}

/** The quiz content, filled with the schema's defaults where older content lacks a field. */
export function withQuizDefaults(content: Partial<TQuizContent> | null | undefined): TQuizContent {
  const questions = Array.isArray(content?.questions) ? content.questions : [];
  return {
    passMark: typeof content?.passMark === 'number' ? content.passMark : 70,
    maxAttempts: content?.maxAttempts === null ? null : typeof content?.maxAttempts === 'number' ? content.maxAttempts : 3,
    revealAnswers: content?.revealAnswers && QUIZ_REVEALS.includes(content.revealAnswers) ? content.revealAnswers : 'finished',
    questions: questions.map((q) => ({
      ...q,
      hint: q.hint ?? '',
      explanation: q.explanation ?? '',
      options: (q.options ?? []).map((o) => ({ ...o, feedback: o.feedback ?? '' })),
      acceptedAnswers: q.acceptedAnswers ?? [],
    })),
  };
}
