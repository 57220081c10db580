import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYNC_TIME_STEP_MS } from './createSyncBroadcast.ts';
import type { DataChange } from './DataChange.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';

const MOD = 'my.mod';
let world: QueueWorld;

afterEach(() => world?.close());

describe('several tabs of one overlay', () => {
  it('lets exactly one tab flush (Web Locks) and hands over when it stops', async () => {
    world = new QueueWorld();
    const a = world.tab();
    const b = world.tab();
    await a.queue.start();
    await b.queue.start();
    expect(a.queue.status.flusher.value).toBe(true);
    expect(b.queue.status.flusher.value).toBe(false);
    await b.data.set(MOD, 'x', 1);
    // b is not the flusher: its flush sends nothing; a hears of the write and sends it at once.
    await b.queue.flush();
    await vi.waitFor(() => expect(world.server.value(MOD, 'x')).toBe(1));
    expect(world.server.stored).toHaveLength(1);
    await vi.waitFor(() => expect(b.queue.status.pending.value).toBe(0));
    a.queue.stop();
    await vi.waitFor(() => expect(b.queue.status.flusher.value).toBe(true));
    await b.data.set(MOD, 'y', 2);
    await b.queue.flush();
    expect(world.server.value(MOD, 'y')).toBe(2);
  });

  it('tells the other tabs of writes (change events) and of the flusher state', async () => {
    world = new QueueWorld();
    const a = world.tab();
    const b = world.tab();
    await a.queue.start();
    await b.queue.start();
    const seen: DataChange[] = [];
    b.data.onChange((change) => seen.push(change));
    // The write goes out at once, and finds the network down.
    world.server.script.push(() => Promise.reject(new TypeError('offline')));
    await a.data.set(MOD, 'other.mod:score', 7);
    await vi.waitFor(() => expect(seen).toEqual([{ moduleId: 'other.mod', name: 'score', value: 7, from: MOD, remote: true }]));
    await vi.waitFor(() => expect(b.data.status()).toMatchObject({ state: 'offline', online: false, pending: 1 }));
    world.clock.advance(500);
    await a.queue.flush();
    await vi.waitFor(() => expect(b.data.status()).toMatchObject({ state: 'online', online: true, pending: 0 }));
  });

  it('a drain tells the other tabs each change of state, and the last sync time to the second, not every confirmation', async () => {
    world = new QueueWorld();
    const a = world.tab();
    const b = world.tab();
    await a.queue.start();
    await b.queue.start();
    const before = world.hub.posted.length;
    // A write confirmed every 150 ms for 3 s: the last sync time moves 20 times.
    for (let i = 0; i < 20; i++) {
      await a.data.set(MOD, `k${i}`, i);
      world.clock.advance(150);
      await a.queue.flush();
    }
    expect(world.server.stored).toHaveLength(20);
    await vi.waitFor(() => expect(b.data.status()).toMatchObject({ pending: 0 }));
    await vi.waitFor(() => expect(a.data.status().lastSyncAt! - b.data.status().lastSyncAt!).toBeLessThan(SYNC_TIME_STEP_MS));
    const told = world.hub.posted.slice(before).filter((message) => (message as { t: string }).t === 'sync');
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(told.length).toBeLessThanOrEqual(4);
  });

  it('uses a lease where Web Locks are missing, and takes it over once it expired', async () => {
    world = new QueueWorld();
    // A tab that crashed while holding the lease: nobody renews it.
    await world.tab().store.update([['lease', '1001', 'tool']], () => ({
      writes: [[['lease', '1001', 'tool'], { holder: 'crashed-tab', expiresAt: world.clock.now() + 10_000 }]],
      result: undefined,
    }));
    const tab = world.tab({ locks: null });
    await tab.queue.start();
    await tab.data.set(MOD, 'x', 1);
    await tab.queue.flush();
    expect(tab.queue.status.flusher.value).toBe(false);
    expect(world.server.net.calls).toHaveLength(0);
    world.clock.advance(5_000);
    await vi.waitFor(() => expect(world.clock.delays()).toContain(5_000));
    expect(tab.queue.status.flusher.value).toBe(false);
    world.clock.advance(5_000);
    await vi.waitFor(() => expect(world.server.value(MOD, 'x')).toBe(1));
    expect(tab.queue.status.flusher.value).toBe(true);
  });

  it('passes the lease on when its holder stops', async () => {
    world = new QueueWorld();
    const a = world.tab({ locks: null });
    const b = world.tab({ locks: null });
    await a.queue.start();
    await vi.waitFor(() => expect(a.queue.status.flusher.value).toBe(true));
    await b.queue.start();
    await vi.waitFor(() => expect(world.clock.delays()).toContain(5_000));
    expect(b.queue.status.flusher.value).toBe(false);
    a.queue.stop();
    await vi.waitFor(async () => expect(await a.store.get(['lease', '1001', 'tool'])).toBeUndefined());
    world.clock.advance(5_000);
    await vi.waitFor(() => expect(b.queue.status.flusher.value).toBe(true));
  });
});
