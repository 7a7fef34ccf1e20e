import { describe, expect, it } from 'vitest';
import { ZTextContent, ZQuizContent } from '../../src/shared/schemas/lesson-content.ts';
import { ZLessonOutput } from '../../src/server/ai/tasks/generate-lesson/schema.ts';
import { ZQuizOutput, type TQuizQuestionOutput } from '../../src/server/ai/tasks/generate-quiz/schema.ts';
import { lessonDocument, plainText } from '../../src/server/domains/authoring/course-generation/lesson-document.ts';
import {
  correctPosition,
  placeCorrect,
  questionCount,
  quizContent,
  rotationOffset,
} from '../../src/server/domains/authoring/course-generation/quiz-content.ts';
import { lessonAnswer, quizAnswer } from '../helpers/course-answers.ts';

// Generated structure becomes the course model's content by code: TipTap JSON of the
// allowed nodes only, and quizzes whose correct answers are spread evenly over the positions.

describe('lessonDocument', () => {
  it('builds a valid text lesson of headings, paragraphs, lists, an example callout and key points', () => {
    const output = ZLessonOutput.parse(lessonAnswer('Truckkørsel'));
    const doc = lessonDocument(output, 'da');
    expect(ZTextContent.safeParse(doc).success).toBe(true);
    expect(doc.content.map((n) => n.type)).toEqual([
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
      'bulletList',
      'heading',
      'paragraph',
      'callout',
      'heading',
      'bulletList',
    ]);
    expect(doc.content[1]).toEqual({
      type: 'heading',
      attrs: { level: 2, textAlign: null },
      content: [{ type: 'text', text: 'Hvad er Truckkørsel?' }],
    });
    expect(JSON.stringify(doc.content[7])).toContain('Eksempel: Morgenvagten');
    expect(JSON.stringify(doc.content[8])).toContain('Vigtigste pointer');
    expect(JSON.stringify(lessonDocument(output, 'en'))).toContain('Key points');
  });

  it('keeps markup and control characters as plain text, never as nodes', () => {
    const output = ZLessonOutput.parse({
      ...lessonAnswer('X'),
      introduction: '<h1>Overskrift</h1> **fed**\u0007\n\nNyt afsnit\nmed linjeskift',
    });
    const doc = lessonDocument(output, 'da');
    expect(ZTextContent.safeParse(doc).success).toBe(true);
    expect(doc.content[0]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: '<h1>Overskrift</h1> **fed**' }] });
    expect(doc.content[1]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'Nyt afsnit' }, { type: 'hardBreak' }, { type: 'text', text: 'med linjeskift' }],
    });
  });

  it('reads a lesson back as plain text for the quiz prompt, cut to a length', () => {
    const doc = lessonDocument(ZLessonOutput.parse(lessonAnswer('Truckkørsel')), 'da');
    expect(plainText(doc)).toMatch(/^Denne lektion handler om Truckkørsel\./);
    expect(plainText(doc, 20)).toHaveLength(20);
    expect(plainText({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
  });
});

describe('quizContent', () => {
  const questions = (n: number): TQuizQuestionOutput[] => ZQuizOutput.parse(quizAnswer(n, 'Modul')).questions;

  it('spreads correct answers evenly by balanced rotation, whatever the model chose, the same way every time', () => {
    for (const n of [4, 8, 12]) {
      const quiz = quizContent(questions(n), 'lesson-1', { passMark: 70, maxAttempts: 3 });
      expect(ZQuizContent.safeParse(quiz).success).toBe(true);
      const positions = quiz.questions.map(correctPosition);
      expect([0, 1, 2, 3].map((p) => positions.filter((x) => x === p).length)).toEqual([n / 4, n / 4, n / 4, n / 4]);
      const offset = rotationOffset('lesson-1', 4);
      expect(positions).toEqual(positions.map((_, i) => (offset + i) % 4));
      expect(quizContent(questions(n), 'lesson-1', { passMark: 70, maxAttempts: 3 }).questions.map(correctPosition)).toEqual(positions);
    }
    // Any count: no position is right more than once more than another.
    const positions = quizContent(questions(7), 'other', { passMark: 80, maxAttempts: null }).questions.map(correctPosition);
    const counts = [0, 1, 2, 3].map((p) => positions.filter((x) => x === p).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('moves the correct option with its feedback, keeps the others in order, and gives fresh ids', () => {
    const question = { ...questions(1)[0]!, correct_option: 2 };
    const placed = placeCorrect(question, 0);
    expect(placed.options.map((o) => o.text)).toEqual([
      question.options[2]!.text,
      question.options[0]!.text,
      question.options[1]!.text,
      question.options[3]!.text,
    ]);
    expect(placed.options.map((o) => o.correct)).toEqual([true, false, false, false]);
    expect(placed.options[0]!.feedback).toBe(question.options[2]!.feedback);
    expect(placed).toMatchObject({ type: 'single', hint: question.hint, explanation: question.explanation, acceptedAnswers: [] });
    expect(new Set(placed.options.map((o) => o.id)).size).toBe(4);
  });

  it('refuses a question whose options repeat, and sizes quizzes in multiples of four', () => {
    const twice = quizAnswer(1, 'M');
    twice.questions[0]!.options[1]!.text = twice.questions[0]!.options[0]!.text;
    expect(ZQuizOutput.safeParse(twice).success).toBe(false);
    expect([1, 2, 3, 4, 6, 10].map(questionCount)).toEqual([4, 4, 8, 8, 12, 12]);
  });
});
