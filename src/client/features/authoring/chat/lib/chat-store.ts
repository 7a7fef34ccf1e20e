import { useSyncExternalStore } from 'react';
import type { AssistantSlug, TChatContext } from '@shared/schemas/assistants.ts';
import { isApiError } from '@/lib/api-client';
import { fetchConversation, streamChat } from '../api/chat';
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
  type Transcript,
} from './transcript';

/**
 * The widget's conversation, kept outside React: a reply goes on being written while the panel is
 * closed, and the conversation survives the light shell handing over to the full app. The panel
 * reads it with `useChat()` and acts through `chat`.
 */
export interface ChatState {
  /** Whose conversation it is: another user (a logout, a login) starts afresh. */
  userId: string | null;
  service: AssistantSlug;
  transcript: Transcript;
  /** What is typed and not yet sent. */
  draft: string;
  /**
   * Counts the conversations shown (cleared, resumed, another assistant): the message log is a new
   * live region for each, so a resumed conversation is not read out message by message.
   */
  epoch: number;
  /** The last openAIChat request acted on (see lib/chat-launch.ts). */
  requestSeq: number;
}

/**
 * The assistants and their names (product names, the same in both languages) until the server's
 * list has come. The shared schema module has the list too, but brings zod, which this chunk does without.
 */
export const ASSISTANT_NAMES: Record<AssistantSlug, string> = {
  'learning-coach': 'Learning Coach',
  'creative-designer': 'Creative Designer',
  'research-analyst': 'Research Analyst',
};
export const isAssistantSlug = (value: string): value is AssistantSlug => Object.hasOwn(ASSISTANT_NAMES, value);

const initial: ChatState = { userId: null, service: 'learning-coach', transcript: emptyTranscript, draft: '', epoch: 0, requestSeq: 0 };
let state: ChatState = initial;
const listeners = new Set<() => void>();
/** The reply being written, to stop it. */
let running: AbortController | null = null;
let keys = 0;
const newKey = () => `local-${++keys}`;

function set(change: Partial<ChatState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

const onTranscript = (step: (t: Transcript) => Transcript) => set({ transcript: step(state.transcript) });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const getChat = (): ChatState => state;

export function useChat(): ChatState {
  return useSyncExternalStore(subscribe, getChat);
}

/** The server's reason, when it is one the user can act on (a limit, a quota, AI not set up); else none. */
function reasonOf(error: unknown): string | undefined {
  if (!isApiError(error) || !error.body) return undefined;
  return [429, 503].includes(error.status) && error.body.code !== 'AI_PROVIDER_UNAVAILABLE' ? error.body.message : undefined;
}

async function run(body: Parameters<typeof streamChat>[0], replyKey: string): Promise<void> {
  const controller = new AbortController();
  running = controller;
  try {
    const result = await streamChat(
      body,
      {
        onStart: (start) => onTranscript((t) => started(t, replyKey, start)),
        onDelta: (text) => onTranscript((t) => appended(t, replyKey, text)),
      },
      controller.signal,
    );
    onTranscript((t) => answered(t, replyKey, result));
  } catch (error) {
    if (controller.signal.aborted) onTranscript((t) => stopped(t, replyKey));
    else onTranscript((t) => failed(t, replyKey, reasonOf(error)));
  } finally {
    if (running === controller) running = null;
  }
}

function stopRunning(): void {
  running?.abort();
  running = null;
}

export const chat = {
  /** The panel says who is signed in; a different user gets an empty conversation. */
  forUser(userId: string | null): void {
    if (state.userId === userId) return;
    stopRunning();
    set({ ...initial, userId, service: state.service, epoch: state.epoch + 1, requestSeq: state.requestSeq });
  },

  setDraft(draft: string): void {
    set({ draft });
  },

  /** Another assistant: a new conversation with it (the last one stays in the list). */
  chooseService(service: AssistantSlug): void {
    if (service === state.service) return;
    stopRunning();
    set({ service, transcript: emptyTranscript, epoch: state.epoch + 1 });
  },

  /** An openAIChat event's assistant, once per event (the panel may mount long after it). */
  request(request: { service: string; seq: number } | null): void {
    if (!request || request.seq <= state.requestSeq) return;
    set({ requestSeq: request.seq });
    if (isAssistantSlug(request.service)) chat.chooseService(request.service);
  },

  /** The message is trimmed, and a blank one is not sent; nor is one while a reply is written. */
  send(message: string, context: TChatContext | null): boolean {
    const text = message.trim();
    if (!text || isPending(state.transcript)) return false;
    const replyKey = newKey();
    const { conversationId } = state.transcript;
    set({ draft: '', transcript: asked(state.transcript, text, newKey(), replyKey) });
    void run(
      {
        message: text,
        conversationHistory: [],
        aiService: state.service,
        ...(conversationId ? { conversationId } : { save: true }),
        ...(context && { context }),
      },
      replyKey,
    );
    return true;
  },

  /** Stops the reply being written; the text so far stays. */
  stop(): void {
    stopRunning();
  },

  /** Writes the last reply anew. */
  retry(context: TChatContext | null): void {
    const plan = retryPlan(state.transcript);
    if (!plan) return;
    if (plan.kind === 'ask') {
      set({ transcript: withoutLastTurn(state.transcript) });
      chat.send(plan.text, context);
      return;
    }
    const replyKey = newKey();
    const conversationId = state.transcript.conversationId!;
    set({ transcript: retried(state.transcript, replyKey) });
    void run({ conversationHistory: [], aiService: state.service, conversationId, retry: true, ...(context && { context }) }, replyKey);
  },

  /** Clear conversation: the messages go, and the next message starts a new conversation. */
  clear(): void {
    stopRunning();
    set({ transcript: emptyTranscript, epoch: state.epoch + 1 });
  },

  /** A stored conversation, with its assistant, in place of the one on screen. */
  async resume(id: string): Promise<void> {
    const conversation = await fetchConversation(id);
    stopRunning();
    set({ service: conversation.aiService, transcript: fromConversation(conversation), epoch: state.epoch + 1 });
  },

  /** A conversation deleted on the server: if it is the one on screen, the screen starts afresh. */
  forget(id: string): void {
    if (state.transcript.conversationId === id) chat.clear();
  },
};
