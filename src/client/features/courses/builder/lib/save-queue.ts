import { announcePlanRequired } from '@/lib/plan-required';

/**
 * One autosaving value (a course's settings, a lesson, the outline's order): edits are merged and
 * debounced, sent one save at a time, retried with backoff when the network or the server fails,
 * and kept in localStorage until the server has them, so no edit is lost to a failed request, a
 * closed tab or a reload. A stale version (409) stops the queue in 'conflict' with the edit kept;
 * the page decides what to do (load the latest, or send the edit again on top of it).
 */

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'retrying' | 'conflict' | 'error';

export type FailureKind = 'retry' | 'conflict' | 'fatal';

export interface SaveSnapshot<T> {
  status: SaveStatus;
  /** What is not saved yet (waiting, being sent, or kept after a failure); null when all is saved. */
  unsaved: T | null;
  /** Failed attempts in a row. */
  attempts: number;
  /** When the next retry runs (epoch ms), while retrying. */
  retryAt: number | null;
  /** The last failure, for its message. */
  error: unknown;
}

export interface StoredEdit<T> {
  value: T;
  /** The version the edit was based on, so a restore after a reload can tell whether someone else saved since. */
  base: number | null;
  savedAt: string;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SaveQueueOptions<T> {
  /** localStorage key; null keeps nothing locally. */
  storageKey: string | null;
  storage?: KeyValueStorage | null;
  send: (value: T) => Promise<void>;
  /** Combines an older unsaved value with a newer one (default: the newer replaces it). */
  merge?: (older: T, newer: T) => T;
  debounceMs?: number;
  backoffMs?: (attempt: number) => number;
  classify?: (error: unknown) => FailureKind;
}

/** A stale version (409 VERSION_CONFLICT) is a conflict; the network, 408, 429 and 5xx are worth retrying; any other answer is final. */
export function classifyFailure(error: unknown): FailureKind {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (typeof status !== 'number') return 'retry';
  if (status === 409) return isVersionConflict(error) ? 'conflict' : 'fatal';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'fatal';
}

/** 409 answers a stale version, and also a step the course's state forbids (archived, a bad transition). */
export function isVersionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || (error as { status?: unknown }).status !== 409) return false;
  const code = (error as { body?: { code?: unknown } | null }).body?.code;
  return code === undefined || code === 'VERSION_CONFLICT';
}

/** 1 s, 2 s, 4 s … up to 30 s. */
export function defaultBackoff(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredEdit<T>(storageKey: string, storage: KeyValueStorage | null = defaultStorage()): StoredEdit<T> | null {
  try {
    const raw = storage?.getItem(storageKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredEdit<T>>;
    if (!parsed || typeof parsed !== 'object' || !('value' in parsed)) return null;
    return { value: parsed.value as T, base: typeof parsed.base === 'number' ? parsed.base : null, savedAt: String(parsed.savedAt ?? '') };
  } catch {
    return null;
  }
}

/** Drops a kept edit the server turned out to have already. */
export function forgetStoredEdit(storageKey: string, storage: KeyValueStorage | null = defaultStorage()): void {
  try {
    storage?.removeItem(storageKey);
  } catch {
    // Nothing to do: it is compared with the server again next time.
  }
}

export class SaveQueue<T> {
  private pending: T | null = null;
  private inflight: T | null = null;
  private base: number | null = null;
  private status: SaveStatus = 'saved';
  private attempts = 0;
  private retryAt: number | null = null;
  private error: unknown = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleWaiters: (() => void)[] = [];
  private snapshot: SaveSnapshot<T>;
  private readonly listeners = new Set<() => void>();
  private readonly storage: KeyValueStorage | null;
  private readonly merge: (older: T, newer: T) => T;
  private readonly debounceMs: number;
  private readonly backoff: (attempt: number) => number;
  private readonly classify: (error: unknown) => FailureKind;
  private disposed = false;

  constructor(private readonly options: SaveQueueOptions<T>) {
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.merge = options.merge ?? ((_older, newer) => newer);
    this.debounceMs = options.debounceMs ?? 800;
    this.backoff = options.backoffMs ?? defaultBackoff;
    this.classify = options.classify ?? classifyFailure;
    this.snapshot = this.makeSnapshot();
  }

  /** A new edit: merged into what is unsaved, kept locally at once, sent after the debounce. */
  schedule(value: T, base: number | null = null): void {
    if (this.disposed) return;
    this.pending = this.pending === null ? value : this.merge(this.pending, value);
    this.base = base;
    this.persist();
    if (this.status === 'conflict') {
      this.emit();
      return;
    }
    // A new edit after a final refusal (a 4xx) is a new attempt.
    if (this.status === 'error' || this.status === 'saved') this.status = 'pending';
    this.emit();
    if (this.status === 'retrying') return;
    this.startTimer(this.debounceMs);
  }

  /** Sends what is waiting now, without the debounce. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    void this.run();
    return this.whenIdle();
  }

  /** Resolves once nothing is waiting or in flight (or the queue has stopped on a failure). */
  whenIdle(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** After a retry's wait or a final failure: try again now. */
  retryNow(): Promise<void> {
    if (this.status === 'conflict') return Promise.resolve();
    this.retryAt = null;
    return this.flush();
  }

  /** After a conflict: send the kept edit again (the caller has loaded the latest version). */
  resend(base: number | null = null): Promise<void> {
    if (this.status !== 'conflict') return this.flush();
    this.status = 'pending';
    this.base = base;
    this.attempts = 0;
    this.persist();
    this.emit();
    return this.flush();
  }

  /** Forgets the unsaved edit (the user chose the server's version). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    this.status = this.inflight === null ? 'saved' : 'saving';
    this.attempts = 0;
    this.retryAt = null;
    this.error = null;
    this.remove();
    this.emit();
  }

  /** True while anything is not saved on the server. */
  hasUnsaved(): boolean {
    return this.pending !== null || this.inflight !== null;
  }

  getSnapshot = (): SaveSnapshot<T> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stops timers; what is unsaved stays in localStorage for the next visit. */
  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
    this.releaseWaiters();
  }

  private startTimer(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.retryAt = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    if (this.disposed || this.inflight !== null || this.pending === null) {
      this.releaseIfSettled();
      return;
    }
    if (this.status === 'conflict') {
      this.releaseIfSettled();
      return;
    }
    const value = this.pending;
    this.inflight = value;
    this.pending = null;
    this.status = 'saving';
    this.emit();
    try {
      await this.options.send(value);
      this.inflight = null;
      this.attempts = 0;
      this.error = null;
      if (this.pending === null) {
        this.status = 'saved';
        this.remove();
      } else {
        this.status = 'pending';
        this.persist();
        this.startTimer(0);
      }
      this.emit();
    } catch (error) {
      this.inflight = null;
      this.pending = this.pending === null ? value : this.merge(value, this.pending);
      this.error = error;
      this.persist();
      const kind = this.classify(error);
      if (kind === 'retry' && !this.disposed) {
        this.attempts += 1;
        const wait = this.backoff(this.attempts);
        this.status = 'retrying';
        this.retryAt = Date.now() + wait;
        this.startTimer(wait);
      } else {
        this.status = kind === 'conflict' ? 'conflict' : 'error';
        // A read-only company (402 PLAN_REQUIRED): the edit stays kept here, and the user is told why.
        if (kind === 'fatal') announcePlanRequired(error);
      }
      this.emit();
    }
    this.releaseIfSettled();
  }

  private isSettled(): boolean {
    if (this.inflight !== null) return false;
    if (this.pending === null) return true;
    return this.status === 'conflict' || this.status === 'error' || this.status === 'retrying' || this.disposed;
  }

  private releaseIfSettled(): void {
    if (this.isSettled()) this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private unsaved(): T | null {
    if (this.inflight === null) return this.pending;
    if (this.pending === null) return this.inflight;
    return this.merge(this.inflight, this.pending);
  }

  private persist(): void {
    const key = this.options.storageKey;
    const value = this.unsaved();
    if (!key || !this.storage || value === null) return;
    const record: StoredEdit<T> = { value, base: this.base, savedAt: new Date().toISOString() };
    try {
      this.storage.setItem(key, JSON.stringify(record));
    } catch {
      // A full or refused storage: the edit still lives in memory and keeps being retried.
    }
  }

  private remove(): void {
    const key = this.options.storageKey;
    if (!key || !this.storage) return;
    try {
      this.storage.removeItem(key);
    } catch {
      // Nothing to do: a stale copy is detected by its version when restored.
    }
  }

  private makeSnapshot(): SaveSnapshot<T> {
    return { status: this.status, unsaved: this.unsaved(), attempts: this.attempts, retryAt: this.retryAt, error: this.error };
  }

  private emit(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}
