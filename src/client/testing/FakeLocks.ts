import type { LockRequester } from '../tabs/index.ts';

interface Waiter {
  callback: () => Promise<void>;
  signal?: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Exclusive Web Locks shared by the "tabs" of a test; requests queue in order. */
export class FakeLocks implements LockRequester {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, Waiter[]>();

  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiter = { callback, signal: options.signal, resolve, reject };
      options.signal?.addEventListener('abort', () => this.abort(name, waiter));
      this.queueOf(name).push(waiter);
      this.grant(name);
    });
  }

  private queueOf(name: string): Waiter[] {
    const queue = this.queues.get(name) ?? [];
    this.queues.set(name, queue);
    return queue;
  }

  private abort(name: string, waiter: Waiter): void {
    const queue = this.queueOf(name);
    const index = queue.indexOf(waiter);
    if (index === -1) return;
    queue.splice(index, 1);
    waiter.reject(new DOMException('aborted', 'AbortError'));
  }

  private grant(name: string): void {
    if (this.held.has(name)) return;
    const waiter = this.queueOf(name).shift();
    if (!waiter) return;
    this.held.add(name);
    waiter
      .callback()
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        this.held.delete(name);
        this.grant(name);
      });
  }
}
