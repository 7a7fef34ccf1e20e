import type { TChatResponse, TChatSource, TConversation } from '@shared/schemas/assistants.ts';

/**
 * The conversation on screen, as pure steps (each returns a new transcript): a question asked, the
 * reply's start, its pieces, its end — complete, stopped by the user (the text so far) or failed.
 * Every step on a reply names it by key, so a reply that ends after the user cleared or changed
 * the conversation changes nothing.
 */
export type ItemStatus = 'streaming' | 'complete' | 'stopped' | 'failed';

export interface ChatItem {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  status: ItemStatus;
  sources: TChatSource[];
  /**
   * The server has this turn (its `start` came, or it was stored): Retry answers it again in
   * place. A reply refused before it began left nothing on the server: Retry asks again.
   */
  stored: boolean;
  /** Why a reply failed, in the server's words, when it said (a limit reached, AI not set up). */
  detail?: string | undefined;
}

export interface Transcript {
  conversationId: string | null;
  items: ChatItem[];
  /** The coach gives hints only (a learner on a quiz not yet passed). */
  hintsOnly: boolean;
}

export const emptyTranscript: Transcript = { conversationId: null, items: [], hintsOnly: false };

/** A reply is being written. */
export const isPending = (t: Transcript) => t.items.some((item) => item.status === 'streaming');

const reply = (key: string): ChatItem => ({ key, role: 'assistant', content: '', status: 'streaming', sources: [], stored: false });

function updateReply(t: Transcript, key: string, change: (item: ChatItem) => ChatItem): Transcript {
  const index = t.items.findIndex((item) => item.key === key && item.status === 'streaming');
  if (index < 0) return t;
  const items = t.items.slice();
  items[index] = change(items[index]!);
  return { ...t, items };
}

/** The user asks `text`; the reply `replyKey` begins, empty. */
export function asked(t: Transcript, text: string, userKey: string, replyKey: string): Transcript {
  return {
    ...t,
    items: [...t.items, { key: userKey, role: 'user', content: text, status: 'complete', sources: [], stored: false }, reply(replyKey)],
  };
}

/** Retry: the last reply is written anew in its place. */
export function retried(t: Transcript, replyKey: string): Transcript {
  const last = t.items.at(-1);
  const items = last?.role === 'assistant' ? t.items.slice(0, -1) : t.items.slice();
  return { ...t, items: [...items, reply(replyKey)] };
}

/** The server has the question (and the conversation, when it is stored). */
export function started(t: Transcript, key: string, start: { conversationId: string | null; hintsOnly: boolean }): Transcript {
  const next = updateReply(t, key, (item) => ({ ...item, stored: start.conversationId !== null }));
  if (next === t) return t;
  // The question is the server's now too.
  const items = next.items.map((item, i) =>
    i === next.items.length - 2 && item.role === 'user' ? { ...item, stored: start.conversationId !== null } : item,
  );
  return { ...next, items, conversationId: start.conversationId ?? t.conversationId, hintsOnly: start.hintsOnly };
}

export function appended(t: Transcript, key: string, text: string): Transcript {
  return updateReply(t, key, (item) => ({ ...item, content: item.content + text }));
}

export function answered(t: Transcript, key: string, result: TChatResponse): Transcript {
  const next = updateReply(t, key, (item) => ({
    ...item,
    content: result.response,
    status: 'complete',
    sources: result.sources,
    stored: result.conversationId !== null,
  }));
  if (next === t) return t;
  return { ...next, conversationId: result.conversationId ?? t.conversationId, hintsOnly: result.hintsOnly };
}

/** Stopped by the user: the text so far stays, as the server keeps it. */
export function stopped(t: Transcript, key: string): Transcript {
  return updateReply(t, key, (item) => ({ ...item, status: 'stopped' }));
}

export function failed(t: Transcript, key: string, detail?: string): Transcript {
  return updateReply(t, key, (item) => ({ ...item, content: '', status: 'failed', detail }));
}

/**
 * What Retry does for the last reply: answer the stored question again in its place (`retry`), or,
 * when the server never had it (refused before the reply began), ask the question again (`ask`).
 * Null when there is nothing to retry or a reply is being written.
 */
export function retryPlan(t: Transcript): { kind: 'retry' } | { kind: 'ask'; text: string } | null {
  const last = t.items.at(-1);
  if (!last || last.role !== 'assistant' || last.status === 'streaming') return null;
  if (last.stored && t.conversationId) return { kind: 'retry' };
  const question = t.items.at(-2);
  return question?.role === 'user' ? { kind: 'ask', text: question.content } : null;
}

/** Before asking again: the question and the reply that never reached the server leave the transcript. */
export function withoutLastTurn(t: Transcript): Transcript {
  const last = t.items.at(-1);
  const cut = last?.role === 'assistant' && t.items.at(-2)?.role === 'user' ? 2 : last ? 1 : 0;
  return { ...t, items: t.items.slice(0, t.items.length - cut) };
}

/** A stored conversation, resumed. */
export function fromConversation(conversation: TConversation): Transcript {
  return {
    conversationId: conversation.id,
    hintsOnly: false,
    items: conversation.messages.map((m) => ({
      key: m.id,
      role: m.role,
      content: m.status === 'failed' ? '' : m.content,
      status: m.status,
      sources: m.sources,
      stored: true,
    })),
  };
}
