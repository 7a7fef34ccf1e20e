import { describe, expect, it } from 'vitest';
import type { TChatResponse, TConversation } from '@shared/schemas/assistants.ts';
import {
  answered,
  appended,
  asked,
  emptyTranscript,
  failed,
  fromConversation,
  isPending,
  retried,
  retryPlan,
  started,
  stopped,
  withoutLastTurn,
} from '@/features/authoring/chat/lib/transcript';

const result = (response: string, extra: Partial<TChatResponse> = {}): TChatResponse => ({
  response,
  timestamp: '2026-11-27T10:00:00.000Z',
  serviceName: 'Learning Coach',
  conversationId: 'c1',
  messageId: 'm2',
  sources: [],
  hintsOnly: false,
  ...extra,
});

// The conversation on screen as a reply streams in, ends, stops or fails, and is retried.
describe('the chat transcript', () => {
  it('asks, starts, appends the pieces in order and completes with the answer and its sources', () => {
    let t = asked(emptyTranscript, 'Hvad er værnemidler?', 'u1', 'r1');
    expect(isPending(t)).toBe(true);
    expect(t.items.map((i) => [i.role, i.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'streaming'],
    ]);
    t = started(t, 'r1', { conversationId: 'c1', hintsOnly: true });
    expect(t.conversationId).toBe('c1');
    expect(t.hintsOnly).toBe(true);
    t = appended(appended(t, 'r1', 'Sikkerheds'), 'r1', 'sko [1]');
    expect(t.items[1]!.content).toBe('Sikkerhedssko [1]');
    const source = { number: 1, courseId: 'k1', lessonId: 'l1', title: 'Værnemidler', href: '/learn/k1/l1' };
    t = answered(t, 'r1', result('Sikkerhedssko [1].', { sources: [source], hintsOnly: true }));
    expect(isPending(t)).toBe(false);
    expect(t.items[1]).toMatchObject({ content: 'Sikkerhedssko [1].', status: 'complete', sources: [source], stored: true });
  });

  it('ignores a reply that ends after the conversation was cleared or replaced', () => {
    const t = asked(emptyTranscript, 'Hej', 'u1', 'r1');
    expect(appended(emptyTranscript, 'r1', 'x')).toBe(emptyTranscript);
    expect(stopped(emptyTranscript, 'r1')).toBe(emptyTranscript);
    expect(answered(emptyTranscript, 'r1', result('x'))).toBe(emptyTranscript);
    // Another reply's pieces do not land in this one.
    expect(appended(t, 'r2', 'x')).toBe(t);
  });

  it('a stopped reply keeps its text; a failed one keeps the reason the server gave', () => {
    let t = started(asked(emptyTranscript, 'Fortæl', 'u1', 'r1'), 'r1', { conversationId: 'c1', hintsOnly: false });
    t = stopped(appended(t, 'r1', 'Først'), 'r1');
    expect(t.items[1]).toMatchObject({ status: 'stopped', content: 'Først', stored: true });
    const f = failed(asked(emptyTranscript, 'Hej', 'u1', 'r1'), 'r1', 'Du har brugt dine 300 beskeder.');
    expect(f.items[1]).toMatchObject({ status: 'failed', content: '', detail: 'Du har brugt dine 300 beskeder.', stored: false });
  });

  it('retries in place a reply the server has, and asks again a question it never had', () => {
    let t = started(asked(emptyTranscript, 'Fortæl', 'u1', 'r1'), 'r1', { conversationId: 'c1', hintsOnly: false });
    t = stopped(appended(t, 'r1', 'Først'), 'r1');
    expect(retryPlan(t)).toEqual({ kind: 'retry' });
    t = retried(t, 'r2');
    expect(t.items.map((i) => [i.key, i.status, i.content])).toEqual([
      ['u1', 'complete', 'Fortæl'],
      ['r2', 'streaming', ''],
    ]);
    expect(retryPlan(t)).toBeNull();

    // Refused before the reply began (a limit, the provider down before it wrote): nothing stored.
    const refused = failed(asked(emptyTranscript, 'Igen?', 'u9', 'r9'), 'r9');
    expect(retryPlan(refused)).toEqual({ kind: 'ask', text: 'Igen?' });
    expect(withoutLastTurn(refused).items).toEqual([]);
    expect(retryPlan(emptyTranscript)).toBeNull();
  });

  it('resumes a stored conversation with its statuses and sources', () => {
    const conversation: TConversation = {
      id: 'c7',
      title: 'Værnemidler',
      aiService: 'learning-coach',
      context: { courseId: 'k1' },
      messageCount: 4,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:05:00.000Z',
      messages: [
        { id: 'm1', role: 'user', content: 'Hej', status: 'complete', sources: [], createdAt: '2026-11-27T10:00:00.000Z' },
        { id: 'm2', role: 'assistant', content: '', status: 'failed', sources: [], createdAt: '2026-11-27T10:00:01.000Z' },
        { id: 'm3', role: 'user', content: 'Igen', status: 'complete', sources: [], createdAt: '2026-11-27T10:01:00.000Z' },
        { id: 'm4', role: 'assistant', content: 'Halvt', status: 'stopped', sources: [], createdAt: '2026-11-27T10:01:01.000Z' },
      ],
    };
    const t = fromConversation(conversation);
    expect(t.conversationId).toBe('c7');
    expect(t.items.map((i) => [i.role, i.status, i.content, i.stored])).toEqual([
      ['user', 'complete', 'Hej', true],
      ['assistant', 'failed', '', true],
      ['user', 'complete', 'Igen', true],
      ['assistant', 'stopped', 'Halvt', true],
    ]);
    expect(retryPlan(t)).toEqual({ kind: 'retry' });
  });
});
