import { ALERT_QUEUE_MAX, type Clock, type StreamEvent, systemClock } from '../../api/index.ts';
import type { AlertQueue, AlertQueueOptions } from './AlertQueue.ts';
import { createAlertQueue } from './createAlertQueue.ts';

export interface AlertDrainOptions extends Partial<Omit<AlertQueueOptions, 'member'>> {
  /** Alerts waiting when the drain starts. @default 1000 */
  count?: number;
  /** Pages of the queue, each presenting every alert. @default 1 */
  pages?: number;
  /** Longest wait for each phase before giving up. @default 60000 */
  timeoutMs?: number;
}

export interface AlertDrain {
  /** From the resume to the last alert done on every page, in ms. */
  ms: number;
  /** Alerts presented, per page (each should be `count`). */
  presented: number[];
}

/**
 * The bench `alert.drain` (docs/performance.md): `count` alerts wait (queued while
 * paused), every page's modules settle each alert at once, and the time is taken from
 * the resume until the queue is empty and every page presented every alert. More than
 * `ALERT_QUEUE_MAX` (500) wait, so the bench raises the queue's cap to `count`.
 */
export async function measureAlertDrain(options: AlertDrainOptions = {}): Promise<AlertDrain> {
  const { count = 1000, pages = 1, timeoutMs = 60_000, clock = systemClock, ...queueOptions } = options;
  const userId = queueOptions.userId ?? `drain-${clock.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const presented = new Array<number>(pages).fill(0);
  const queues: AlertQueue[] = [];
  for (let i = 0; i < pages; i++) {
    const member = { present: async () => void presented[i]!++ };
    queues.push(createAlertQueue({ max: Math.max(count, ALERT_QUEUE_MAX), ...queueOptions, clock, userId, member }));
  }
  const leader = queues[0]!;
  try {
    leader.setState({ paused: true, muted: false });
    for (let i = 0; i < count; i++) leader.offer(drainEvent(i, clock.now()));
    await until(() => leader.view.value.waiting === count, clock, timeoutMs);
    const started = clock.now();
    leader.setState({ paused: false, muted: false });
    const done = () => leader.view.value.waiting === 0 && leader.view.value.showing === null && presented.every((n) => n >= count);
    await until(done, clock, timeoutMs);
    return { ms: clock.now() - started, presented };
  } finally {
    for (const queue of queues) queue.close();
  }
}

function drainEvent(i: number, now: number): StreamEvent {
  return { id: `drain-${now}-${i}`, at: now, source: 'api', test: true, subscription: { type: 'channel.follow', version: '2' }, event: { user_name: `viewer${i}` } };
}

/** Polls `condition` every millisecond of `clock` (a real one: this measures). */
function until(condition: () => boolean, clock: Clock, timeoutMs: number): Promise<void> {
  const deadline = clock.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (condition()) return resolve();
      if (clock.now() > deadline) return reject(new Error(`alert.drain: not done within ${timeoutMs} ms`));
      clock.setTimeout(check, 1);
    };
    check();
  });
}
