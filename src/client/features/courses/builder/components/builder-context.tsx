import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { CourseWriter } from '../lib/course-writer';
import type { QueueRegistry } from '../lib/queue-registry';
import { SaveQueue, type SaveQueueOptions, type SaveSnapshot } from '../lib/save-queue';

export interface Builder {
  courseId: string;
  writer: CourseWriter;
  registry: QueueRegistry;
  /** Read-only while the course is archived. */
  readOnly: boolean;
  /** Shows a generation job's progress in the AI panel (a module's regeneration, started from the outline). */
  followJob: (jobId: string) => void;
}

export const BuilderContext = createContext<Builder | null>(null);

export function useBuilder(): Builder {
  const builder = useContext(BuilderContext);
  if (!builder) throw new Error('useBuilder must be used inside the course builder');
  return builder;
}

/** localStorage keys of the builder's unsaved edits, per course and per lesson. */
export const storageKeys = {
  settings: (courseId: string) => `kursa:builder:${courseId}:settings`,
  outline: (courseId: string) => `kursa:builder:${courseId}:outline`,
  modules: (courseId: string) => `kursa:builder:${courseId}:module-titles`,
  lesson: (lessonId: string) => `kursa:builder:lesson:${lessonId}`,
};

/**
 * A save queue that lives as long as the component (or until `key` changes), is counted in the
 * builder's overall status, and reports its own snapshot. `send` may change between renders.
 */
export function useSaveQueue<T>(
  key: string,
  options: Omit<SaveQueueOptions<T>, 'storageKey' | 'send'> & { send: (value: T) => Promise<void> },
) {
  const { registry } = useBuilder();
  const [sendRef] = useState(() => ({ current: options.send }));
  useEffect(() => {
    sendRef.current = options.send;
  });
  const [state, setState] = useState(() => ({ key, queue: makeQueue(key) }));
  function makeQueue(storageKey: string) {
    return new SaveQueue<T>({ ...options, storageKey, send: (value) => sendRef.current(value) });
  }
  let queue = state.queue;
  if (state.key !== key) {
    queue = makeQueue(key);
    setState({ key, queue });
  }
  useEffect(() => {
    const remove = registry.add(queue as SaveQueue<unknown>);
    return () => {
      remove();
      // What is unsaved stays in localStorage; it is restored when this course or lesson opens again.
      void queue.flush();
    };
  }, [queue, registry]);
  const snapshot: SaveSnapshot<T> = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, snapshot };
}

export function useRegistryStatus(registry: QueueRegistry) {
  return useSyncExternalStore(registry.subscribe, registry.getStatus, registry.getStatus);
}
