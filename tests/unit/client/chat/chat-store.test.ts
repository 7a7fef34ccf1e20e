import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChatRequest, TChatResponse } from '@shared/schemas/assistants.ts';
import type { ChatStreamHandlers } from '@/features/authoring/chat/api/chat';

/** A scripted POST /api/chat: each call waits until the test answers it. */
interface Call {
  body: TChatRequest;
  handlers: ChatStreamHandlers;
  signal: AbortSignal;
  resolve: (value: TChatResponse) => void;
  reject: (error: unknown) => void;
}
const calls: Call[] = [];
const api = vi.hoisted(() => ({ streamChat: vi.fn(), fetchConversation: vi.fn() }));
vi.mock('@/features/authoring/chat/api/chat', () => api);

const result = (response: string, conversationId = 'c1'): TChatResponse => ({
  response,
  timestamp: 'now',
  serviceName: 'Learning Coach',
  conversationId,
  messageId: 'm',
  sources: [],
  hintsOnly: false,
});

/** A fresh store, with the ApiError class of the modules it sees. */
async function loadStore() {
  vi.resetModules();
  return { ...(await import('@/features/authoring/chat/lib/chat-store')), ApiError: (await import('@/lib/api-client')).ApiError };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  calls.length = 0;
  api.streamChat.mockReset().mockImplementation(
    (body: TChatRequest, handlers: ChatStreamHandlers, signal: AbortSignal) =>
      new Promise<TChatResponse>((resolve, reject) => {
        calls.push({ body, handlers, signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
});

// What the widget sends, and what the conversation shows as the reply streams, stops, fails.
describe('the chat store', () => {
  it('sends the trimmed message, saving a new conversation, then continues it by id', async () => {
    const { chat, getChat } = await loadStore();
    chat.forUser('u1');
    expect(chat.send('   ', null)).toBe(false);
    expect(chat.send('  Hvad er en læringsplan?  ', { courseId: 'k1', lessonId: 'l1' })).toBe(true);
    expect(calls[0]!.body).toEqual({
      message: 'Hvad er en læringsplan?',
      conversationHistory: [],
      aiService: 'learning-coach',
      save: true,
      context: { courseId: 'k1', lessonId: 'l1' },
    });
    // Nothing is sent while a reply is written.
    expect(chat.send('Og så?', null)).toBe(false);
    calls[0]!.handlers.onStart({ conversationId: 'c1', hintsOnly: false });
    calls[0]!.handlers.onDelta('En plan');
    expect(getChat().transcript.items[1]).toMatchObject({ content: 'En plan', status: 'streaming' });
    calls[0]!.resolve(result('En plan for læring.'));
    await flush();
    expect(getChat().transcript.items[1]).toMatchObject({ content: 'En plan for læring.', status: 'complete' });
    chat.send('Og så?', null);
    expect(calls[1]!.body).toEqual({ message: 'Og så?', conversationHistory: [], aiService: 'learning-coach', conversationId: 'c1' });
  });

  it('Stop aborts the request and keeps the text so far; Retry re-answers in place', async () => {
    const { chat, getChat } = await loadStore();
    chat.forUser('u1');
    chat.send('Fortæl om værnemidler', null);
    calls[0]!.handlers.onStart({ conversationId: 'c1', hintsOnly: false });
    calls[0]!.handlers.onDelta('Sikkerhedssko');
    chat.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    await flush();
    expect(getChat().transcript.items[1]).toMatchObject({ content: 'Sikkerhedssko', status: 'stopped' });
    chat.retry(null);
    expect(calls[1]!.body).toEqual({ conversationHistory: [], aiService: 'learning-coach', conversationId: 'c1', retry: true });
    expect(getChat().transcript.items).toHaveLength(2);
    calls[1]!.resolve(result('Sikkerhedssko og høreværn.'));
    await flush();
    expect(getChat().transcript.items.map((i) => i.content)).toEqual(['Fortæl om værnemidler', 'Sikkerhedssko og høreværn.']);
  });

  it('a refusal before the reply began is asked again on Retry, not re-answered', async () => {
    const { chat, getChat, ApiError } = await loadStore();
    chat.forUser('u1');
    chat.send('Hej', null);
    calls[0]!.reject(new ApiError(429, '429: …', { message: 'Du har brugt dine 300 beskeder.', code: 'CHAT_LIMIT_REACHED' }));
    await flush();
    expect(getChat().transcript.items[1]).toMatchObject({ status: 'failed', detail: 'Du har brugt dine 300 beskeder.' });
    chat.retry(null);
    expect(calls[1]!.body).toMatchObject({ message: 'Hej', save: true });
    expect(getChat().transcript.items.map((i) => i.role)).toEqual(['user', 'assistant']);
    // A provider failure is the widget's fixed apology alone, without the server's words.
    calls[1]!.reject(new ApiError(502, '502: …', { message: 'AI-udbyderen svarer ikke.', code: 'AI_PROVIDER_FAILED' }));
    await flush();
    expect(getChat().transcript.items[1]).toMatchObject({ status: 'failed', detail: undefined });
  });

  it('Clear and another assistant start a new conversation; a reply ending afterwards changes nothing', async () => {
    const { chat, getChat } = await loadStore();
    chat.forUser('u1');
    chat.send('Hej', null);
    calls[0]!.handlers.onStart({ conversationId: 'c1', hintsOnly: false });
    chat.clear();
    expect(calls[0]!.signal.aborted).toBe(true);
    await flush();
    expect(getChat().transcript.items).toEqual([]);
    chat.send('Nyt emne', null);
    expect(calls[1]!.body).toMatchObject({ save: true });
    chat.request({ service: 'research-analyst', seq: 1 });
    expect(getChat().service).toBe('research-analyst');
    expect(getChat().transcript.items).toEqual([]);
    // The same request seen again (the panel mounting later) is not acted on twice.
    chat.chooseService('learning-coach');
    chat.request({ service: 'research-analyst', seq: 1 });
    expect(getChat().service).toBe('learning-coach');
    chat.request({ service: 'no-such-assistant', seq: 2 });
    expect(getChat().service).toBe('learning-coach');
  });

  it('another user starts afresh', async () => {
    const { chat, getChat } = await loadStore();
    chat.forUser('u1');
    chat.send('Hej', null);
    chat.forUser('u2');
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(getChat().transcript.items).toEqual([]);
    expect(getChat().userId).toBe('u2');
  });
});
