import type { AssistantSlug } from '@shared/schemas/assistants.ts';
import { OPEN_AI_CHAT } from './chat-launch';

/**
 * The AI assistants page's Start Chat raises the window event `openAIChat` carrying the service key; the chat
 * widget (lib/chat-launch.ts) selects that assistant and opens.
 */
export function openAiChat(service: AssistantSlug): void {
  window.dispatchEvent(new CustomEvent(OPEN_AI_CHAT, { detail: { service } }));
}
