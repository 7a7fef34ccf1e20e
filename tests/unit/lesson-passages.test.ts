import { describe, expect, it } from 'vitest';
import { lessonPassages, PASSAGE_MAX } from '../../src/server/domains/authoring/assistants/retrieval/passages.ts';

// A lesson in passages for retrieval — none longer than a passage, no word lost, a
// heading kept with its text, and never a quiz.
const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text }] });
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('lessonPassages', () => {
  it('cuts an over-long paragraph at sentence ends, then at spaces, keeping every word in order', () => {
    const sentence = 'Gaffeltrucken må kun føres af personer med gyldigt truckcertifikat og instruktion på stedet. ';
    const long = sentence.repeat(40) + 'Et-meget-langt-ord-'.repeat(80) + ' Slut.';
    const passages = lessonPassages('text', doc(heading('Truckkørsel'), paragraph(long)));
    expect(passages.length).toBeGreaterThan(3);
    for (const passage of passages) {
      expect(passage.heading).toBe('Truckkørsel');
      expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_MAX + 'Truckkørsel'.length + 2);
    }
    // Each passage starts with its heading; without it, the words come back whole and in order.
    const body = passages.map((p) => p.text.replace(/^Truckkørsel\n+/, '')).join(' ');
    expect(words(body).join('')).toBe(words(long).join(''));
  });

  it('never turns a quiz into passages, and reads a video’s notes', () => {
    const quiz = JSON.stringify({
      passMark: 70,
      maxAttempts: null,
      questions: [{ id: 'q', type: 'single', prompt: 'Hvad?', options: [{ id: 'o', text: 'Svaret', correct: true }] }],
    });
    expect(lessonPassages('quiz', quiz)).toEqual([]);
    const video = JSON.stringify({ video: null, notes: JSON.parse(doc(paragraph('Noter til videoen om høreværn.'))) });
    expect(lessonPassages('video', video).map((p) => p.text)).toEqual(['Noter til videoen om høreværn.']);
    expect(lessonPassages('text', 'ikke json')).toEqual([]);
  });
});
