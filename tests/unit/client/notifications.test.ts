import { describe, expect, it } from 'vitest';
import type { TNotification, TNotificationPreferences } from '@shared/schemas/notifications.ts';
import { htmlForFrame, keyFromHash, notificationKind } from '@/features/notifications/lib/kept-mail';
import { markRead, unreadAmong } from '@/features/notifications/lib/mark-read';
import { withChange } from '@/features/notifications/lib/preferences';

const notification = (id: string, readAt: string | null = null): TNotification => ({
  id,
  kind: 'course-assigned',
  title: `Titel ${id}`,
  body: 'Tekst',
  link: '/learn',
  createdAt: '2026-11-30T08:00:00.000Z',
  readAt,
});

describe('marking notifications read in the lists on screen', () => {
  const list = {
    notifications: [notification('a'), notification('b', '2026-11-29T10:00:00.000Z'), notification('c')],
    unread: 2,
    next: 'x',
  };
  const at = '2026-11-30T09:00:00.000Z';

  it('marks the ones named, and keeps when the others were read', () => {
    const marked = markRead(list, { ids: ['a', 'b'] }, at);
    expect(marked.notifications.map((n) => n.readAt)).toEqual([at, '2026-11-29T10:00:00.000Z', null]);
    expect(marked.next).toBe('x');
    // The list it came from is left as it was (the cache's old value may be put back).
    expect(list.notifications[0]?.readAt).toBeNull();
  });

  it('marks every unread one with all', () => {
    expect(markRead(list, { all: true }, at).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it('counts how many unread ones a mark takes off the count, all of them for all', () => {
    expect(unreadAmong(list.notifications, { ids: ['a', 'b', 'zzz'] })).toBe(1);
    expect(unreadAmong(list.notifications, { all: true })).toBe(Infinity);
  });
});

describe('a change of the notification preferences, before the server answers', () => {
  const preferences: TNotificationPreferences = {
    kinds: [
      { kind: 'course-assigned', app: true, mail: 'instant', mandatory: true, digest: false },
      { kind: 'new-review', app: true, mail: 'instant', mandatory: false, digest: true },
    ],
    mailOn: true,
    company: { dueSoonDays: 3, mandatoryMail: true },
  };

  it('changes only what the change names', () => {
    const changed = withChange(preferences, { kinds: [{ kind: 'new-review', mail: 'daily' }] });
    expect(changed.kinds[1]).toEqual({ kind: 'new-review', app: true, mail: 'daily', mandatory: false, digest: true });
    expect(changed.kinds[0]).toBe(preferences.kinds[0]);
    expect(changed.mailOn).toBe(true);
    expect(withChange(preferences, { kinds: [{ kind: 'new-review', app: false }] }).kinds[1]?.app).toBe(false);
  });

  it('turns the mails off as a whole, and changes the company’s reminders', () => {
    expect(withChange(preferences, { mailOn: false }).mailOn).toBe(false);
    expect(withChange(preferences, { company: { dueSoonDays: 7 } }).company).toEqual({ dueSoonDays: 7, mandatoryMail: true });
  });

  it('has no company settings to change for someone who is not an admin', () => {
    expect(withChange({ ...preferences, company: null }, { company: { dueSoonDays: 7 } }).company).toBeNull();
  });
});

describe('the dev mailbox', () => {
  it('reads its key from the address’s fragment', () => {
    expect(keyFromHash('#key=abc123')).toBe('abc123');
    expect(keyFromHash('#key=')).toBeNull();
    expect(keyFromHash('')).toBeNull();
  });

  it('opens a mail’s links in the whole tab, not in its frame', () => {
    expect(htmlForFrame('<html><head><title>x</title></head><body></body></html>')).toBe(
      '<html><head><base target="_top"><title>x</title></head><body></body></html>',
    );
    expect(htmlForFrame('<HTML><HEAD lang="da"></HEAD></HTML>')).toBe('<HTML><HEAD lang="da"><base target="_top"></HEAD></HTML>');
    expect(htmlForFrame('<p>Hej</p>')).toBe('<base target="_top"><p>Hej</p>');
    // <header> is not <head>.
    expect(htmlForFrame('<header>x</header>')).toBe('<base target="_top"><header>x</header>');
  });

  it('names the notification kinds it knows, and leaves other mails’ kinds as they are', () => {
    expect(notificationKind('due-soon')).toBe('due-soon');
    expect(notificationKind('password-reset')).toBeUndefined();
  });
});
