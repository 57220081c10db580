import type { StreamEvent } from '../../api/index.ts';
import { type AlertMember, type AlertQueue, type AlertQueueOptions, createAlertQueue, type QueuedAlert } from '../alerts/index.ts';
import { createDurableStore, type LocalStore, openLocalStore } from '../storage/index.ts';
import type { ChannelLike } from '../tabs/index.ts';
import { ChannelHub } from './ChannelHub.ts';
import { FakeLocks } from './FakeLocks.ts';
import { ManualClock } from './ManualClock.ts';

let databases = 0;

/** One alert as a test page got it: settle it by hand, or see it aborted. */
export interface Presented {
  id: string;
  alert: QueuedAlert;
  signal: AbortSignal;
  finish(): void;
}

/** How a test page's modules behave: settle by hand, at once, throw, or never settle (even when aborted). */
export type MemberMode = 'manual' | 'instant' | 'throw' | 'never';

/** One overlay page of a test: its queue, and every alert its modules were handed. */
export class AlertPage {
  readonly presented: Presented[] = [];
  queue!: AlertQueue;
  dead = false;
  inner: ChannelLike | null = null;

  constructor(public mode: MemberMode) {}

  readonly member: AlertMember = {
    present: (alert, signal) => {
      if (this.mode === 'throw') throw new Error('module failed');
      return new Promise<void>((resolve) => {
        this.presented.push({ id: alert.event.id, alert, signal, finish: resolve });
        if (this.mode === 'instant') resolve();
        if (this.mode === 'manual') signal.addEventListener('abort', () => resolve());
      });
    },
  };

  /** Ids of the alerts handed to this page, in order. */
  ids(): string[] {
    return this.presented.map((each) => each.id);
  }

  /** The alert this page shows now (the last handed over), settled. */
  finishLast(): void {
    this.presented.at(-1)?.finish();
  }

  /** The page crashes: no goodbye, nothing more heard from it; the browser frees its lock. */
  crash(): void {
    this.dead = true;
    this.inner?.close();
    this.queue.close();
  }
}

/**
 * A browser origin for alert queue tests: one clock, one IndexedDB database (needs
 * `fake-indexeddb/auto`), Web Locks and BroadcastChannels shared by its pages.
 */
export class AlertWorld {
  readonly clock = new ManualClock();
  readonly hub = new ChannelHub();
  locks = new FakeLocks();
  readonly useStore = createDurableStore(`alerts-test-${++databases}-${Date.now()}`, 'entries');
  readonly pages: AlertPage[] = [];
  readonly stores: LocalStore[] = [];

  page(mode: MemberMode = 'manual', options: Partial<AlertQueueOptions> = {}): AlertPage {
    const page = new AlertPage(mode);
    const storage = openLocalStore({ useStore: this.useStore, clock: this.clock, onFallback: () => {} });
    this.stores.push(storage);
    const open = (name: string): ChannelLike => {
      const inner = this.hub.open(name);
      page.inner = inner;
      return {
        get onmessage() {
          return inner.onmessage;
        },
        set onmessage(listener) {
          inner.onmessage = listener;
        },
        postMessage: (message) => page.dead || inner.postMessage(message),
        close: () => inner.close(),
      };
    };
    page.queue = createAlertQueue({ userId: '1001', member: page.member, clock: this.clock, channel: open, locks: this.locks, storage, pageId: `page-${this.pages.length + 1}`, ...options });
    this.pages.push(page);
    return page;
  }

  /** Lets `ms` of clock time pass in steps, the pages' messages and IndexedDB running between steps. */
  async run(ms: number, step = 50): Promise<void> {
    for (let passed = 0; passed < ms; passed += step) {
      this.clock.advance(Math.min(step, ms - passed));
      await macrotasks(4);
    }
  }

  /** Runs the clock until `condition` holds; fails after `maxMs` of clock time. Returns the clock time it took. */
  async until(condition: () => boolean, maxMs = 5000, step = 50): Promise<number> {
    const start = this.clock.now();
    await macrotasks(4);
    while (!condition()) {
      if (this.clock.now() - start >= maxMs) throw new Error(`not within ${maxMs} ms of clock time`);
      await this.run(step, step);
    }
    return this.clock.now() - start;
  }

  /** A new origin's worth of locks, as after the browser restarted (the old pages must be closed). */
  restart(): void {
    this.locks = new FakeLocks();
  }

  close(): void {
    for (const page of this.pages) page.queue.close();
  }
}

function macrotasks(count: number): Promise<void> {
  return count === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, 0)).then(() => macrotasks(count - 1));
}

let ids = 0;

/** A stream event as the live feed hands it on. */
export function streamEvent(id = `e${++ids}`, type = 'channel.follow', extra: Partial<StreamEvent> = {}): StreamEvent {
  return { id, at: 1_700_000_000_000, source: 'api', test: false, subscription: { type, version: '1' }, event: { user_name: id }, ...extra };
}
