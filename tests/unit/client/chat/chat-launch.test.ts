import { describe, expect, it } from 'vitest';
import { closeChat, getChatLaunch, openChat, serviceOfEvent } from '@/lib/chat-launch';

// The window event openAIChat carries the service key, selects it and opens the chat.
describe('the chat launch', () => {
  it('reads the service from the event detail', () => {
    expect(serviceOfEvent(new CustomEvent('openAIChat', { detail: { service: 'learning-coach' } }))).toBe('learning-coach');
    expect(serviceOfEvent(new CustomEvent('openAIChat', { detail: 'research-analyst' }))).toBeUndefined();
    expect(serviceOfEvent(new CustomEvent('openAIChat'))).toBeUndefined();
    expect(serviceOfEvent(new CustomEvent('openAIChat', { detail: { service: 7 } }))).toBeUndefined();
    expect(serviceOfEvent(new Event('openAIChat'))).toBeUndefined();
  });

  it('opens and closes, numbering each request so the same assistant asked for twice is seen twice', () => {
    openChat('creative-designer');
    const first = getChatLaunch();
    expect(first.open).toBe(true);
    expect(first.request?.service).toBe('creative-designer');
    closeChat();
    expect(getChatLaunch().open).toBe(false);
    openChat('creative-designer');
    expect(getChatLaunch().request!.seq).toBe(first.request!.seq + 1);
    // The launcher's own button opens without asking for an assistant: the last request stands.
    closeChat();
    openChat();
    expect(getChatLaunch()).toEqual({ open: true, request: { service: 'creative-designer', seq: first.request!.seq + 1 } });
  });
});
