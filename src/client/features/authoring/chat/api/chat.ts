import type { TAiService, TChatRequest, TChatResponse, TConversation, TConversationSummary } from '@shared/schemas/assistants.ts';
import { isEventStream, openEventStream, streamError, streamEvents, unfinishedStream } from '@/lib/ai-stream';
import { api, apiRequest } from '@/lib/api-client';

/**
 * The assistants' API (src/server/domains/authoring/assistants/routes.ts) with plain fetch: the widget runs
 * in the light shell too, which has no query cache (ADR 007).
 */

/** GET /api/ai-services: the three assistants and whether each can be used now. */
export const fetchServices = (signal?: AbortSignal) => api.get<TAiService[]>('/api/ai-services', signal);

/** GET /api/conversations: the user's latest conversations, newest first. */
export const fetchConversations = (signal?: AbortSignal) => api.get<TConversationSummary[]>('/api/conversations', signal);

/** GET /api/conversations/:id: one conversation with its messages. */
export const fetchConversation = (id: string, signal?: AbortSignal) =>
  api.get<TConversation>(`/api/conversations/${encodeURIComponent(id)}`, signal);

/** DELETE /api/conversations/:id. */
export const deleteConversation = (id: string) => apiRequest<void>('DELETE', `/api/conversations/${encodeURIComponent(id)}`);

export interface ChatStreamHandlers {
  /** The server has the message (and the conversation, when it is stored): the reply begins. */
  onStart: (start: { conversationId: string | null; hintsOnly: boolean }) => void;
  /** A piece of the reply, to append to what came before. */
  onDelta: (text: string) => void;
}

/**
 * POST /api/chat with Accept: text/event-stream: `start`, `delta` pieces, then the JSON answer
 * (`result`), or an `error` event thrown as ApiError. A refusal before the reply begins is an
 * ordinary HTTP error. Aborting `signal` stops the reply (the server keeps the text so far).
 */
export async function streamChat(body: TChatRequest, handlers: ChatStreamHandlers, signal?: AbortSignal): Promise<TChatResponse> {
  const response = await openEventStream('/api/chat', body, signal);
  if (!isEventStream(response)) return (await response.json()) as TChatResponse;
  for await (const { event, data } of streamEvents(response)) {
    if (event === 'start') handlers.onStart(data as { conversationId: string | null; hintsOnly: boolean });
    else if (event === 'delta') handlers.onDelta((data as { text: string }).text);
    else if (event === 'result') return data as TChatResponse;
    else if (event === 'error') throw streamError(data);
  }
  throw unfinishedStream();
}
