import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyFailure, readStoredEdit, SaveQueue, type KeyValueStorage } from '@/features/courses/builder/lib/save-queue';

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const httpError = (status: number) => Object.assign(new Error(`${status}`), { status });

type Patch = Record<string, string>;
const merge = (a: Patch, b: Patch) => ({ ...a, ...b });

describe('save queue (builder autosave)', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces edits, merges them into one save, and forgets the local copy once saved', async () => {
    const send = vi.fn(async (_value: Patch) => undefined);
    const queue = new SaveQueue<Patch>({ storageKey: 'k', storage, send, merge, debounceMs: 500 });
    queue.schedule({ title: 'A' }, 3);
    queue.schedule({ subtitle: 'B' }, 3);
    expect(queue.getSnapshot().status).toBe('pending');
    expect(readStoredEdit<Patch>('k', storage)?.value).toEqual({ title: 'A', subtitle: 'B' });
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ title: 'A', subtitle: 'B' });
    expect(queue.getSnapshot().status).toBe('saved');
    expect(storage.getItem('k')).toBeNull();
    expect(queue.hasUnsaved()).toBe(false);
  });

  it('retries a failed save with growing waits, keeping the edit locally until it succeeds', async () => {
    let failures = 3;
    const send = vi.fn(async (_value: Patch) => {
      if (failures-- > 0) throw new TypeError('Failed to fetch');
    });
    const queue = new SaveQueue<Patch>({ storageKey: 'k', storage, send, merge, debounceMs: 100, backoffMs: (n) => n * 1000 });
    queue.schedule({ title: 'Kept' }, 1);
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot().status).toBe('retrying');
    expect(queue.getSnapshot().attempts).toBe(1);
    expect(readStoredEdit<Patch>('k', storage)).toMatchObject({ value: { title: 'Kept' }, base: 1 });

    // An edit made while waiting joins the retry.
    queue.schedule({ subtitle: 'Also' }, 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ title: 'Kept', subtitle: 'Also' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(queue.getSnapshot().attempts).toBe(3);
    expect(storage.getItem('k')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(3000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(queue.getSnapshot()).toMatchObject({ status: 'saved', attempts: 0, unsaved: null });
    expect(storage.getItem('k')).toBeNull();
  });

  it('a server error (5xx) is retried; a refusal (4xx) stops until the next edit', async () => {
    expect(classifyFailure(httpError(503))).toBe('retry');
    expect(classifyFailure(httpError(429))).toBe('retry');
    expect(classifyFailure(new TypeError('offline'))).toBe('retry');
    expect(classifyFailure(httpError(409))).toBe('conflict');
    expect(classifyFailure(httpError(400))).toBe('fatal');
    // Other 409s (an archived course, a bad status step) are refusals, not conflicts.
    expect(classifyFailure(Object.assign(httpError(409), { body: { code: 'VERSION_CONFLICT' } }))).toBe('conflict');
    expect(classifyFailure(Object.assign(httpError(409), { body: { code: 'COURSE_ARCHIVED' } }))).toBe('fatal');

    const send = vi.fn(async (value: Patch) => {
      if (value.title === '') throw httpError(400);
    });
    const queue = new SaveQueue<Patch>({ storageKey: 'k', storage, send, merge, debounceMs: 10 });
    queue.schedule({ title: '' });
    await vi.advanceTimersByTimeAsync(10);
    expect(queue.getSnapshot().status).toBe('error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    queue.schedule({ title: 'Fixed' });
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.getSnapshot().status).toBe('saved');
  });

  it('a conflict stops the queue with the edit kept; resend sends it again', async () => {
    let conflict = true;
    const send = vi.fn(async () => {
      if (conflict) throw httpError(409);
    });
    const queue = new SaveQueue<Patch>({ storageKey: 'k', storage, send, merge, debounceMs: 10 });
    queue.schedule({ title: 'Mine' }, 4);
    await vi.advanceTimersByTimeAsync(10);
    expect(queue.getSnapshot()).toMatchObject({ status: 'conflict', unsaved: { title: 'Mine' } });
    // Further edits are kept, not sent, while the conflict stands.
    queue.schedule({ title: 'Mine 2' }, 4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(readStoredEdit<Patch>('k', storage)?.value).toEqual({ title: 'Mine 2' });
    conflict = false;
    await queue.resend(5);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.getSnapshot().status).toBe('saved');
  });

  it('discard forgets the edit; flush sends at once and resolves when done', async () => {
    const send = vi.fn(async () => undefined);
    const queue = new SaveQueue<Patch>({ storageKey: 'k', storage, send, merge, debounceMs: 10_000 });
    queue.schedule({ title: 'x' });
    queue.discard();
    expect(storage.getItem('k')).toBeNull();
    expect(queue.hasUnsaved()).toBe(false);
    queue.schedule({ title: 'y' });
    await queue.flush();
    expect(send).toHaveBeenCalledWith({ title: 'y' });
    expect(queue.hasUnsaved()).toBe(false);
  });

  it('an edit made while a save is in flight is sent after it, not lost', async () => {
    let release: () => void = () => undefined;
    const sent: Patch[] = [];
    const send = vi.fn(
      (value: Patch) =>
        new Promise<void>((resolve) => {
          sent.push(value);
          release = resolve;
        }),
    );
    const queue = new SaveQueue<Patch>({ storageKey: 'k', storage, send, merge, debounceMs: 10 });
    queue.schedule({ title: 'one' });
    await vi.advanceTimersByTimeAsync(10);
    queue.schedule({ title: 'two' });
    expect(readStoredEdit<Patch>('k', storage)?.value).toEqual({ title: 'two' });
    release();
    await vi.advanceTimersByTimeAsync(20);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ title: 'one' }, { title: 'two' }]);
    expect(queue.getSnapshot().status).toBe('saved');
  });
});
