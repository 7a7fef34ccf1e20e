import { describe, expect, it } from 'vitest';
import { quizForLearner, ZQuizContent, type TQuizContent } from '@shared/schemas/lesson-content.ts';
import {
  addOption,
  addQuestion,
  changeQuestionType,
  MAX_OPTIONS,
  moveOption,
  moveQuestion,
  newQuestion,
  questionProblems,
  questionsWithoutAnswer,
  removeOption,
  removeQuestion,
  setOptionCorrect,
  updateOption,
  withQuizDefaults,
} from '@/features/courses/lesson-editors/quiz/quiz-model';

const labels = { true: 'Sandt', false: 'Falsk' };
function ids() {
  let n = 0;
  return () => `id-${++n}`;
}
const empty: TQuizContent = { passMark: 70, maxAttempts: 3, revealAnswers: 'finished', questions: [] };

describe('quiz editor logic', () => {
  it('starts each question type with what it needs', () => {
    const newId = ids();
    expect(newQuestion('single', labels, newId)).toEqual({
      id: 'id-1',
      type: 'single',
      prompt: '',
      hint: '',
      explanation: '',
      options: [
        { id: 'id-2', text: '', correct: false, feedback: '' },
        { id: 'id-3', text: '', correct: false, feedback: '' },
      ],
      acceptedAnswers: [],
    });
    expect(newQuestion('true_false', labels, newId).options.map((o) => [o.text, o.correct])).toEqual([
      ['Sandt', true],
      ['Falsk', false],
    ]);
    expect(newQuestion('short_answer', labels, newId)).toMatchObject({ options: [], acceptedAnswers: [''] });
  });

  it('gives new questions and options unique ids from crypto.randomUUID by default', () => {
    const a = newQuestion('multiple', labels);
    const b = newQuestion('multiple', labels);
    const all = [a.id, b.id, ...a.options.map((o) => o.id), ...b.options.map((o) => o.id)];
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps exactly one correct option for single choice and true/false', () => {
    const newId = ids();
    let q = addOption(newQuestion('single', labels, newId), newId);
    q = setOptionCorrect(q, q.options[0]!.id, true);
    q = setOptionCorrect(q, q.options[2]!.id, true);
    expect(q.options.map((o) => o.correct)).toEqual([false, false, true]);
    // Unmarking the only correct answer does nothing: another is chosen instead.
    expect(setOptionCorrect(q, q.options[2]!.id, false)).toBe(q);

    let tf = newQuestion('true_false', labels, newId);
    tf = setOptionCorrect(tf, tf.options[1]!.id, true);
    expect(tf.options.map((o) => o.correct)).toEqual([false, true]);
  });

  it('lets multiple choice mark several options correct and unmark them', () => {
    const newId = ids();
    let q = addOption(newQuestion('multiple', labels, newId), newId);
    q = setOptionCorrect(q, q.options[0]!.id, true);
    q = setOptionCorrect(q, q.options[2]!.id, true);
    expect(q.options.map((o) => o.correct)).toEqual([true, false, true]);
    q = setOptionCorrect(q, q.options[0]!.id, false);
    expect(q.options.map((o) => o.correct)).toEqual([false, false, true]);
  });

  it('keeps true/false options fixed: no adding, removing, moving or renaming, only feedback', () => {
    const tf = newQuestion('true_false', labels, ids());
    const [first] = tf.options;
    expect(addOption(tf)).toBe(tf);
    expect(removeOption(tf, first!.id)).toBe(tf);
    expect(moveOption(tf, first!.id, 1)).toBe(tf);
    const renamed = updateOption(tf, first!.id, { text: 'Maybe', feedback: 'Rigtigt!' });
    expect(renamed.options[0]).toMatchObject({ text: 'Sandt', feedback: 'Rigtigt!' });
  });

  it('stops at ten options', () => {
    const newId = ids();
    let q = newQuestion('multiple', labels, newId);
    for (let i = 0; i < 20; i += 1) q = addOption(q, newId);
    expect(q.options).toHaveLength(MAX_OPTIONS);
  });

  it('adds, moves and removes questions and options', () => {
    const newId = ids();
    let quiz = addQuestion(empty, 'single', labels, newId);
    quiz = addQuestion(quiz, 'short_answer', labels, newId);
    quiz = addQuestion(quiz, 'true_false', labels, newId);
    const [a, b, c] = quiz.questions.map((q) => q.id);
    expect(moveQuestion(quiz, c!, -1).questions.map((q) => q.id)).toEqual([a, c, b]);
    expect(moveQuestion(quiz, a!, -1).questions.map((q) => q.id)).toEqual([a, b, c]);
    expect(moveQuestion(quiz, c!, 1).questions.map((q) => q.id)).toEqual([a, b, c]);
    expect(removeQuestion(quiz, b!).questions.map((q) => q.id)).toEqual([a, c]);

    const q = quiz.questions[0]!;
    const [o1, o2] = q.options;
    expect(moveOption(q, o2!.id, -1).options.map((o) => o.id)).toEqual([o2!.id, o1!.id]);
    expect(removeOption(q, o1!.id).options.map((o) => o.id)).toEqual([o2!.id]);
  });

  it('changes a question type keeping prompt, hint and explanation, and options between the choice types', () => {
    const newId = ids();
    let q = addOption(newQuestion('multiple', labels, newId), newId);
    q = { ...q, prompt: 'P', hint: 'H', explanation: 'E' };
    q = setOptionCorrect(setOptionCorrect(q, q.options[1]!.id, true), q.options[2]!.id, true);
    const single = changeQuestionType(q, 'single', labels, newId);
    expect(single).toMatchObject({ type: 'single', prompt: 'P', hint: 'H', explanation: 'E' });
    expect(single.options.map((o) => o.correct)).toEqual([false, true, false]);
    const short = changeQuestionType(single, 'short_answer', labels, newId);
    expect(short).toMatchObject({ type: 'short_answer', prompt: 'P', options: [], acceptedAnswers: [''] });
    const tf = changeQuestionType(short, 'true_false', labels, newId);
    expect(tf.options.map((o) => o.text)).toEqual(['Sandt', 'Falsk']);
  });

  it('names what each question lacks, the missing correct answer first', () => {
    const newId = ids();
    const single = newQuestion('single', labels, newId);
    expect(questionProblems(single)).toEqual(['noCorrect', 'emptyOption', 'noPrompt']);
    const short = newQuestion('short_answer', labels, newId);
    expect(questionProblems(short)).toEqual(['noAcceptedAnswer', 'noPrompt']);
    expect(questionProblems({ ...short, prompt: 'Hovedstaden?', acceptedAnswers: ['  ', 'København'] })).toEqual([]);
    const one = removeOption(single, single.options[0]!.id);
    expect(questionProblems({ ...one, prompt: 'x' })).toEqual(['noCorrect', 'tooFewOptions', 'emptyOption']);
  });

  it('lists the questions without a correct answer by number', () => {
    const newId = ids();
    let quiz = addQuestion(empty, 'single', labels, newId);
    quiz = addQuestion(quiz, 'true_false', labels, newId);
    quiz = addQuestion(quiz, 'short_answer', labels, newId);
    expect(questionsWithoutAnswer(quiz)).toEqual([1, 3]);
  });

  it('writes content that ZQuizContent accepts, and that quizForLearner strips of the key', () => {
    const newId = ids();
    let quiz = addQuestion(
      addQuestion(addQuestion(addQuestion(empty, 'single', labels, newId), 'multiple', labels, newId), 'true_false', labels, newId),
      'short_answer',
      labels,
      newId,
    );
    quiz = {
      ...quiz,
      questions: quiz.questions.map((q) => ({
        ...q,
        prompt: 'Q',
        explanation: 'because',
        options: q.options.map((o) => ({ ...o, feedback: 'fb' })),
      })),
    };
    expect(ZQuizContent.safeParse(quiz).error).toBeUndefined();
    const learner = JSON.stringify(quizForLearner(quiz));
    expect(learner).not.toMatch(/correct|feedback|explanation|acceptedAnswers|because|"fb"/);
  });

  it('fills in defaults for older content', () => {
    expect(withQuizDefaults(null)).toEqual({ passMark: 70, maxAttempts: 3, revealAnswers: 'finished', questions: [] });
    expect(withQuizDefaults({ passMark: 50, maxAttempts: null, questions: [] })).toEqual({
      passMark: 50,
      maxAttempts: null,
      revealAnswers: 'finished',
      questions: [],
    });
    expect(withQuizDefaults({ passMark: 50, maxAttempts: 1, revealAnswers: 'never', questions: [] }).revealAnswers).toBe('never');
  });
});
