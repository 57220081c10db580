import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF } from '../retry/index.ts';
import { createFlushScheduler } from './createFlushScheduler.ts';
import type { FlushOutcome } from './flushQueue.ts';
import { ManualClock } from '../testing/ManualClock.ts';

/** A scheduler on a manual clock whose flushes are recorded and finished by hand. */
function setup(options: { flushDelayMs?: number; maxFlushDelayMs?: number } = {}) {
  const clock = new ManualClock();
  const start = clock.now();
  const flushes: { at: number; more: () => boolean; finish: (outcome?: FlushOutcome) => void }[] = [];
  const scheduler = createFlushScheduler({
    clock,
    random: () => 0.5,
    backoff: DEFAULT_BACKOFF,
    flushDelayMs: options.flushDelayMs ?? 25,
    maxFlushDelayMs: options.maxFlushDelayMs ?? 2000,
    canFlush: () => true,
    flushOnce: (more) =>
      new Promise<FlushOutcome>((resolve) => {
        flushes.push({ at: clock.now() - start, more, finish: (outcome = { kind: 'drained' }) => resolve(outcome) });
      }),
    onBackOff() {},
    onAuthRequired() {},
    onDrained() {},
  });
  /** Lets a finished flush settle (its promise chain runs on microtasks). */
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  /** A write on the idle queue went out at once and was sent: the writes that follow now are a burst. */
  const underWay = async () => {
    scheduler.writeQueued();
    flushes[0]?.finish();
    await settle();
    flushes.length = 0;
  };
  return { clock, scheduler, flushes, settle, underWay };
}

describe('flush scheduler: a write on an idle queue', () => {
  it('goes out at once', () => {
    const { scheduler, flushes } = setup();
    scheduler.writeQueued();
    expect(flushes.map((flush) => flush.at)).toEqual([0]);
    expect(flushes[0]?.more()).toBe(false);
  });

  it('after a quiet spell of 25 ms goes out at once again; sooner, it joins the debounce', async () => {
    const { clock, scheduler, flushes, settle } = setup();
    scheduler.writeQueued();
    flushes[0]?.finish();
    await settle();
    clock.advance(25);
    scheduler.writeQueued();
    expect(flushes.map((flush) => flush.at)).toEqual([0, 25]);
    flushes[1]?.finish();
    await settle();
    clock.advance(10);
    scheduler.writeQueued();
    expect(flushes).toHaveLength(2);
    clock.advance(25);
    expect(flushes.map((flush) => flush.at)).toEqual([0, 25, 60]);
  });

  it('joins the debounce while a flush runs or another write is being stored', async () => {
    const { clock, scheduler, flushes, settle } = setup();
    scheduler.writeQueued();
    clock.advance(100);
    scheduler.writeQueued();
    expect(flushes).toHaveLength(1);
    flushes[0]?.finish();
    await settle();
    clock.advance(25);
    expect(flushes.map((flush) => flush.at)).toEqual([0, 125]);
    flushes[1]?.finish();
    await settle();
    clock.advance(100);
    const storing = scheduler.storeStarted();
    scheduler.writeQueued();
    expect(flushes).toHaveLength(2);
    storing();
    clock.advance(25);
    expect(flushes.map((flush) => flush.at)).toEqual([0, 125, 250]);
  });
});

describe('flush scheduler: the write debounce', () => {
  it('flushes a write of a burst 25 ms after it, not before', async () => {
    const { clock, scheduler, flushes, underWay } = setup();
    await underWay();
    scheduler.writeQueued();
    clock.advance(24);
    expect(flushes).toHaveLength(0);
    clock.advance(1);
    expect(flushes.map((flush) => flush.at)).toEqual([25]);
  });

  it('pushes the flush back with each write, and flushes once they are quiet for 25 ms', async () => {
    const { clock, scheduler, flushes, underWay } = setup();
    await underWay();
    for (let i = 0; i < 50; i++) {
      scheduler.writeQueued();
      clock.advance(10);
    }
    expect(flushes).toHaveLength(0);
    // Last write at 490: due at 515. One timer at a time, not one per write.
    expect(clock.pending()).toBe(1);
    clock.advance(24);
    expect(flushes.map((flush) => flush.at)).toEqual([515]);
  });

  it('flushes at the latest maxFlushDelayMs after the first unsent write, however long writes go on', async () => {
    const { clock, scheduler, flushes, settle, underWay } = setup({ maxFlushDelayMs: 1000 });
    await underWay();
    for (let i = 0; i < 150; i++) {
      scheduler.writeQueued();
      clock.advance(10);
      if (flushes.length > 0 && i < 120) {
        flushes.at(-1)?.finish();
        await settle();
      }
    }
    // Writes every 10 ms from 0 to 1490: the cap brings the first flush at 1000, and
    // the quiet after the last write the second, at 1515 (the cap would be 2000).
    expect(flushes.map((flush) => flush.at)).toEqual([1000]);
    expect(flushes[0]?.more()).toBe(false);
    clock.advance(500);
    expect(flushes.map((flush) => flush.at)).toEqual([1000, 1515]);
  });

  it('counts the cap again from the first write after a flush started', async () => {
    const { clock, scheduler, flushes, settle, underWay } = setup({ maxFlushDelayMs: 300 });
    await underWay();
    for (let i = 0; i < 100; i++) {
      scheduler.writeQueued();
      clock.advance(10);
      flushes.at(-1)?.finish();
      await settle();
    }
    expect(flushes.map((flush) => flush.at)).toEqual([300, 600, 900]);
  });

  it('waits for writes still being stored, up to the cap', async () => {
    const { clock, scheduler, flushes, settle, underWay } = setup({ maxFlushDelayMs: 1000 });
    await underWay();
    scheduler.writeQueued();
    const stored = scheduler.storeStarted();
    // A slow IndexedDB transaction: no write is stored for 100 ms.
    clock.advance(100);
    expect(flushes).toHaveLength(0);
    stored();
    scheduler.writeQueued();
    clock.advance(25);
    expect(flushes.map((flush) => flush.at)).toEqual([125]);
    flushes[0]?.finish();
    await settle();

    const hung = scheduler.storeStarted();
    scheduler.writeQueued();
    clock.advance(999);
    expect(flushes).toHaveLength(1);
    clock.advance(1);
    expect(flushes.map((flush) => flush.at)).toEqual([125, 1125]);
    hung();
  });

  it('stops waiting for a write that failed to be stored', async () => {
    const { clock, scheduler, flushes, underWay } = setup({ maxFlushDelayMs: 1000 });
    await underWay();
    scheduler.writeQueued();
    const failed = scheduler.storeStarted();
    clock.advance(100);
    expect(flushes).toHaveLength(0);
    failed();
    clock.advance(0);
    expect(flushes.map((flush) => flush.at)).toEqual([100]);
  });

  it('forgets a write that failed to be stored', async () => {
    const { clock, scheduler, flushes, underWay } = setup();
    await underWay();
    const failed = scheduler.storeStarted();
    failed();
    failed();
    scheduler.writeQueued();
    clock.advance(25);
    expect(flushes.map((flush) => flush.at)).toEqual([25]);
  });
});

describe('flush scheduler: writes during a flush', () => {
  it('leaves writes made during a debounced flush to the next debounce: the flush does not go on', async () => {
    const { clock, scheduler, flushes, settle, underWay } = setup();
    await underWay();
    scheduler.writeQueued();
    clock.advance(25);
    expect(flushes).toHaveLength(1);
    clock.advance(100);
    scheduler.writeQueued();
    clock.advance(10);
    expect(flushes[0]?.more()).toBe(false);
    flushes[0]?.finish();
    await settle();
    expect(flushes).toHaveLength(1);
    clock.advance(15);
    expect(flushes.map((flush) => flush.at)).toEqual([25, 150]);
  });

  it('goes on once the running flush is done when the debounce came due meanwhile', async () => {
    const { clock, scheduler, flushes, settle, underWay } = setup();
    await underWay();
    scheduler.writeQueued();
    clock.advance(25);
    scheduler.writeQueued();
    clock.advance(25);
    expect(flushes).toHaveLength(1);
    clock.advance(75);
    flushes[0]?.finish();
    await settle();
    expect(flushes.map((flush) => flush.at)).toEqual([25, 125]);
  });

  it('an explicit flush drains until empty, and one asked during a debounced flush makes it go on', async () => {
    const { clock, scheduler, flushes, settle } = setup();
    const explicit = scheduler.flush();
    expect(flushes[0]?.more()).toBe(true);
    flushes[0]?.finish();
    await explicit;
    scheduler.writeQueued();
    clock.advance(25);
    expect(flushes[1]?.more()).toBe(false);
    const joined = scheduler.flush();
    expect(flushes[1]?.more()).toBe(true);
    flushes[1]?.finish();
    await settle();
    flushes[2]?.finish();
    await joined;
    expect(flushes).toHaveLength(3);
  });

  it('sends nothing while a retry is due: writes then go out with the retry', async () => {
    const { clock, scheduler, flushes, settle, underWay } = setup();
    await underWay();
    scheduler.writeQueued();
    clock.advance(25);
    flushes[0]?.finish({ kind: 'retry', error: new TypeError('Failed to fetch') });
    await settle();
    // Full jitter with random 0.5: 500 ms.
    expect(clock.delays()).toEqual([500]);
    scheduler.writeQueued();
    expect(clock.delays()).toEqual([500]);
    clock.advance(500);
    expect(flushes.map((flush) => flush.at)).toEqual([25, 525]);
    expect(flushes[1]?.more()).toBe(true);
  });
});

describe('flush scheduler: a flush asked for while the last one is ending', () => {
  it('still runs when it joined after the drain had made its last check', async () => {
    const clock = new ManualClock();
    let flushes = 0;
    let lateJoin: Promise<void> | undefined;
    const scheduler = createFlushScheduler({
      clock,
      random: () => 0.5,
      backoff: DEFAULT_BACKOFF,
      flushDelayMs: 25,
      maxFlushDelayMs: 2000,
      canFlush: () => true,
      flushOnce: async () => {
        flushes += 1;
        return { kind: 'drained' };
      },
      onBackOff() {},
      onAuthRequired() {},
      // Queued now, this microtask runs after the drain's last check but before its end is handled.
      onDrained: () => queueMicrotask(() => (lateJoin ??= scheduler.flush())),
    });
    await scheduler.flush();
    await lateJoin;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flushes).toBe(2);
  });
});
