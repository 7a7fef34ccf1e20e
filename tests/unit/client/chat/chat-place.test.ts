import { describe, expect, it } from 'vitest';
import { getChatPlace, registerChatPlace } from '@/lib/chat-place';

// The player and the builder tell the chat widget which course and lesson are on screen.
describe('the chat place', () => {
  it('is the latest registration until it ends', () => {
    expect(getChatPlace()).toBeNull();
    const end = registerChatPlace({ courseId: 'c1', lessonId: 'l1', title: 'Sikkerhed – Værnemidler' });
    expect(getChatPlace()).toEqual({ courseId: 'c1', lessonId: 'l1', title: 'Sikkerhed – Værnemidler' });
    end();
    expect(getChatPlace()).toBeNull();
  });

  it('is not cleared when an older registration ends after a newer one began (a page leaving after the next came)', () => {
    const endPlayer = registerChatPlace({ courseId: 'c1', lessonId: 'l1', title: 'A' });
    const endBuilder = registerChatPlace({ courseId: 'c2', title: 'B' });
    endPlayer();
    expect(getChatPlace()).toEqual({ courseId: 'c2', title: 'B' });
    endBuilder();
    expect(getChatPlace()).toBeNull();
  });

  it('keeps its own copy of what was registered', () => {
    const place = { courseId: 'c1', title: 'A' };
    const end = registerChatPlace(place);
    place.courseId = 'changed';
    expect(getChatPlace()?.courseId).toBe('c1');
    end();
  });
});
