import type { SaveQueue, SaveStatus } from './save-queue';

/** The builder's save queues together: one status for the header, one "anything unsaved?" for leaving. */
export class QueueRegistry {
  private readonly queues = new Set<SaveQueue<unknown>>();
  private readonly unsubscribers = new Map<SaveQueue<unknown>, () => void>();
  private readonly listeners = new Set<() => void>();
  private status: SaveStatus = 'saved';

  add(queue: SaveQueue<unknown>): () => void {
    this.queues.add(queue);
    this.unsubscribers.set(
      queue,
      queue.subscribe(() => this.update()),
    );
    this.update();
    return () => {
      this.unsubscribers.get(queue)?.();
      this.unsubscribers.delete(queue);
      this.queues.delete(queue);
      this.update();
    };
  }

  hasUnsaved(): boolean {
    return [...this.queues].some((queue) => queue.hasUnsaved() || queue.getSnapshot().status === 'conflict');
  }

  /** Sends everything waiting now; resolves when each queue is idle or stopped. */
  async flushAll(): Promise<void> {
    await Promise.all([...this.queues].map((queue) => queue.flush()));
  }

  retryAll(): void {
    for (const queue of this.queues) void queue.retryNow();
  }

  getStatus = (): SaveStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(): void {
    // The most urgent state wins: a conflict, then a refusal, then a failed save being retried …
    const order: SaveStatus[] = ['conflict', 'error', 'retrying', 'saving', 'pending', 'saved'];
    const statuses = new Set([...this.queues].map((queue) => queue.getSnapshot().status));
    const next = order.find((status) => statuses.has(status)) ?? 'saved';
    if (next === this.status) return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }
}
