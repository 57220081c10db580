import type { Clock, StreamEvent } from '../api/index.ts';

/** One bridge message carries at most this many events: a burst goes out in a few large messages. */
export const EVENT_BATCH = 100;

/** A module that never becomes ready keeps at most this many events waiting (the oldest go first). */
export const EVENT_BACKLOG = 5000;

/**
 * One module's stream events on their way in. They wait until the module has
 * said `ready` (its listeners are set by then, even ones added after
 * `await Overlay.ready`), and while it restarts; then they go out in order, in
 * batches, one batch per task so a burst never blocks the page. These are the
 * host's own messages: the module's flood budget counts only what the module
 * sends, so nothing here can be refused by it.
 */
export class EventOutbox {
  private readonly waiting: StreamEvent[] = [];
  private send: ((batch: StreamEvent[]) => void) | null = null;
  private timer: unknown = null;

  constructor(private readonly clock: Clock) {}

  push(events: readonly StreamEvent[]): void {
    this.waiting.push(...events);
    const over = this.waiting.length - EVENT_BACKLOG;
    if (over > 0) this.waiting.splice(0, over);
    this.soon();
  }

  /** The module is ready: events go to `send` from now on. */
  open(send: (batch: StreamEvent[]) => void): void {
    this.send = send;
    this.soon();
  }

  /** The module is gone or restarting: events wait again. */
  close(): void {
    this.send = null;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private soon(): void {
    if (this.timer !== null || !this.send || this.waiting.length === 0) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, 0);
  }

  private flush(): void {
    if (!this.send) return;
    this.send(this.waiting.splice(0, EVENT_BATCH));
    this.soon();
  }
}
