import type { AssistantSlug } from '@shared/schemas/assistants.ts';

/**
 * SPEC §4: the window event `openAIChat` selects an assistant in the chat widget and opens it.
 * Its detail carries the service key (the assistant's slug).
 */
export const OPEN_AI_CHAT_EVENT = 'openAIChat';

export interface OpenAiChatDetail {
  service: AssistantSlug;
}

export function openAiChat(service: AssistantSlug): void {
  window.dispatchEvent(new CustomEvent<OpenAiChatDetail>(OPEN_AI_CHAT_EVENT, { detail: { service } }));
}
