import { describe, expect, it, vi } from 'vitest';
import type { LeaseLockOptions } from './createLeaseLock.ts';
import { createLeaseLockOnDemand, type LeaseLockOnDemandOptions } from './createLeaseLockOnDemand.ts';
import type { FlusherLock } from './FlusherLock.ts';
import { openLocalStore } from '../storage/index.ts';
import { systemClock } from '../../api/index.ts';

const lease: LeaseLockOnDemandOptions = { store: openLocalStore({ useStore: null }), key: ['lease', 'u', 'tool'], holder: 'tab-1', clock: systemClock };

/** A lease lock that records its calls and reports the role held as soon as it starts. */
function fakeLock(calls: string[]): (options: LeaseLockOptions) => FlusherLock {
  return (options) => ({
    start: (onChange) => {
      calls.push(`start ${options.holder}`);
      onChange(true);
    },
    stop: () => calls.push('stop'),
  });
}

describe('createLeaseLockOnDemand', () => {
  it('loads the lease lock once, on the first start, and passes it the options', async () => {
    const calls: string[] = [];
    const load = vi.fn(async () => fakeLock(calls));
    const lock = createLeaseLockOnDemand({ ...lease, load });
    expect(load).not.toHaveBeenCalled();
    const held: boolean[] = [];
    lock.start((h) => held.push(h));
    await vi.waitFor(() => expect(held).toEqual([true]));
    lock.stop();
    lock.start((h) => held.push(h));
    await vi.waitFor(() => expect(held).toEqual([true, true]));
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['start tab-1', 'stop', 'start tab-1']);
  });

  it('never starts a lock that was stopped while its code loaded', async () => {
    const calls: string[] = [];
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const lock = createLeaseLockOnDemand({ ...lease, load: () => loaded.then(() => fakeLock(calls)) });
    const held: boolean[] = [];
    lock.start((h) => held.push(h));
    lock.stop();
    release();
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
    expect(held).toEqual([]);
  });

  it('takes the role when its code cannot be loaded, and gives it up on stop', async () => {
    const lock = createLeaseLockOnDemand({ ...lease, load: () => Promise.reject(new Error('offline')) });
    const held: boolean[] = [];
    lock.start((h) => held.push(h));
    await vi.waitFor(() => expect(held).toEqual([true]));
    lock.stop();
    expect(held).toEqual([true, false]);
  });

  it('loads the real lease lock by default, which takes a free lease', async () => {
    const lock = createLeaseLockOnDemand(lease);
    const held: boolean[] = [];
    lock.start((h) => held.push(h));
    await vi.waitFor(() => expect(held).toEqual([true]));
    lock.stop();
    expect(held).toEqual([true, false]);
  });
});
