import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where the user is, for the chat widget: the course player and the course builder
 * register the course and lesson on screen while they show it, and the widget sends the ids with
 * each message (the server loads what they hold, with the user's rights) and shows the title.
 */
export interface ChatPlace {
  courseId: string;
  lessonId?: string | undefined;
  /** What the widget says the assistant knows about: "About: <title>". */
  title: string;
}

let current: ChatPlace | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Makes `place` the current one until the returned function is called. The latest registration
 * wins; ending an older one (a page leaving after the next has registered) changes nothing.
 */
export function registerChatPlace(place: ChatPlace): () => void {
  // A copy, so the identity belongs to this registration alone.
  const mine = { ...place };
  current = mine;
  notify();
  return () => {
    if (current !== mine) return;
    current = null;
    notify();
  };
}

export const getChatPlace = (): ChatPlace | null => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The player and the builder call this with what they show (null while it is loading). */
export function useChatPlace(place: ChatPlace | null): void {
  const courseId = place?.courseId;
  const lessonId = place?.lessonId;
  const title = place?.title;
  useEffect(() => {
    if (!courseId || title === undefined) return;
    return registerChatPlace({ courseId, lessonId, title });
  }, [courseId, lessonId, title]);
}

/** The widget reads it. */
export function useCurrentChatPlace(): ChatPlace | null {
  return useSyncExternalStore(subscribe, getChatPlace);
}
