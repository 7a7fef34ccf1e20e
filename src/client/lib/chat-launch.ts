import { useSyncExternalStore } from 'react';

/**
 * Whether the chat widget is open, and which assistant was last asked for. Kept outside
 * React so it survives the light shell handing over to the full app (both render the launcher):
 * a panel open on a public page stays open on the page a link leads to.
 *
 * The AI assistants page's Start Chat raises a browser event openAIChat carrying the service key, i.e.
 * `window.dispatchEvent(new CustomEvent('openAIChat', { detail: { service: 'learning-coach' } }))`;
 * the widget selects that assistant and opens.
 */
export const OPEN_AI_CHAT = 'openAIChat';

export interface ChatLaunch {
  open: boolean;
  /** The assistant an openAIChat event asked for, numbered so the same one asked for twice is seen twice. */
  request: { service: string; seq: number } | null;
}

let launch: ChatLaunch = { open: false, request: null };
const listeners = new Set<() => void>();

function set(next: ChatLaunch): void {
  launch = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const getChatLaunch = () => launch;

export function useChatLaunch(): ChatLaunch {
  return useSyncExternalStore(subscribe, getChatLaunch);
}

/** Opens the panel, on `service` when given. */
export function openChat(service?: string): void {
  set({ open: true, request: service ? { service, seq: (launch.request?.seq ?? 0) + 1 } : launch.request });
}

export function closeChat(): void {
  if (launch.open) set({ ...launch, open: false });
}

/** The service key an openAIChat event carries in `detail.service`. */
export function serviceOfEvent(event: Event): string | undefined {
  const service: unknown = (event as CustomEvent<{ service?: unknown } | null>).detail?.service;
  return typeof service === 'string' && service ? service : undefined;
}

// The event opens the chat on the assistant it names, whichever shell is running.
globalThis.addEventListener?.(OPEN_AI_CHAT, (event) => openChat(serviceOfEvent(event)));
