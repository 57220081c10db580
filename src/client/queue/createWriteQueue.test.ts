import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BACKOFF } from '../retry/index.ts';
import { hang } from '../testing/fakeFetch.ts';
import { FakeServer } from '../testing/FakeServer.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';
import { createSendSide } from './createSendSide.ts';
import { SEND_SIDE_PREFETCH_MS, SEND_SIDE_RETRY_MS } from './createWriteQueue.ts';

const MOD = 'my.mod';
let world: QueueWorld;

function started(options: Parameters<QueueWorld['tab']>[0] = {}) {
  world = new QueueWorld();
  return world.startedTab(options);
}

afterEach(() => world?.close());

/**
 * A write on the idle queue goes out at once: this one does, and is then
 * forgotten by the server's records, so the writes that follow (at the same
 * time on the clock) are a burst, which the debounce gathers.
 */
async function burstUnderWay(data: { set(ownId: string, key: string, value: number): Promise<void> }): Promise<void> {
  await data.set(MOD, 'lead', 0);
  await vi.waitFor(() => expect(world.server.stored).toHaveLength(1));
  world.server.stored.length = 0;
  world.server.net.calls.length = 0;
}

describe('write queue: read-your-writes', () => {
  it('answers a read made while the write before it is still being stored with that write, not the server', async () => {
    const { data } = await started();
    world.server.hold();
    // Not awaited, as a module's port delivers a set and a get back to back.
    const written = data.set(MOD, 'score', 666);
    const read = data.get(MOD, 'score');
    expect(await read).toBe(666);
    world.server.release();
    await written;
  });
});

describe('write queue: coalescing and order', () => {
  it('coalesces the writes of a burst to one key into the latest value, sent once', async () => {
    const { data, queue } = await started();
    await burstUnderWay(data);
    for (const value of [1, 2, 3]) await data.set(MOD, 'score', value);
    expect(queue.status.pending.value).toBe(1);
    await queue.flush();
    expect(world.server.stored).toEqual([{ id: MOD, key: 'score', value: 3 }]);
    expect(queue.status.pending.value).toBe(0);
  });

  it('flushes in order of first enqueue; a rewrite keeps its place', async () => {
    const { data, queue } = await started();
    await burstUnderWay(data);
    await data.set(MOD, 'a', 1);
    await data.set(MOD, 'b', 1);
    await data.set(MOD, 'a', 2);
    await data.set('my.mod', 'other.mod:c', 1);
    await queue.flush();
    expect(world.server.stored).toEqual([
      { id: MOD, key: 'a', value: 2 },
      { id: MOD, key: 'b', value: 1 },
      { id: MOD, key: 'other.mod:c', value: 1 },
    ]);
    expect(world.server.value('other.mod', 'c')).toBe(1);
  });

  it('coalesces one entry written by two modules and sends the latest writer', async () => {
    const { data, queue } = await started();
    await burstUnderWay(data);
    await data.set('a.mod', 'b.mod:x', 1);
    await data.set('b.mod', 'x', 2);
    await queue.flush();
    expect(world.server.stored).toEqual([{ id: 'b.mod', key: 'x', value: 2 }]);
  });

  it('groups a burst of concurrent writes into few transactions', async () => {
    const { data, queue, store } = await started();
    const update = vi.spyOn(store, 'update');
    await Promise.all(Array.from({ length: 200 }, (_, i) => data.set(MOD, `k${i % 20}`, i)));
    expect(update.mock.calls.length).toBeLessThanOrEqual(2);
    expect(queue.status.pending.value).toBe(20);
    await queue.flush();
    expect(world.server.stored).toHaveLength(20);
    expect(world.server.value(MOD, 'k19')).toBe(199);
  });
});

describe('write queue: flush timing', () => {
  it('sends a write on an idle queue at once, and a burst once per key once the writes are quiet', async () => {
    const { data } = await started();
    await data.set(MOD, 'a', 1);
    // No time passes: the write was stored first, then sent.
    await vi.waitFor(() => expect(world.server.value(MOD, 'a')).toBe(1));
    for (let round = 0; round < 20; round++) {
      for (const key of ['a', 'b', 'c']) await data.set(MOD, key, round);
      world.clock.advance(20);
    }
    expect(world.server.net.calls).toHaveLength(1);
    world.clock.advance(5);
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(4));
    expect(world.server.stored.slice(1).map((write) => `${write.key}${write.value}`)).toEqual(['a19', 'b19', 'c19']);
  });

  it('sends at the latest maxFlushDelayMs after the first unsent write, while a module writes non-stop', async () => {
    const { data, queue } = await started({ maxFlushDelayMs: 200 });
    await burstUnderWay(data);
    for (let i = 0; i < 30; i++) {
      await data.set(MOD, 'a', i);
      world.clock.advance(10);
      // The write at 0 goes out at 200, with the value of then.
      if (i === 20) await vi.waitFor(() => expect(world.server.stored.map((write) => write.value)).toEqual([19]));
    }
    expect(world.server.stored.map((write) => write.value)).toEqual([19]);
    world.clock.advance(25);
    await vi.waitFor(() => expect(world.server.stored.map((write) => write.value)).toEqual([19, 29]));
    expect(queue.status.pending.value).toBe(0);
  });

  it('leaves writes made during a debounced flush to the next debounce, then sends them', async () => {
    const { data, queue } = await started();
    await burstUnderWay(data);
    await data.set(MOD, 'a', 1);
    await data.set(MOD, 'b', 1);
    world.server.hold();
    world.clock.advance(25);
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(1));
    await data.set(MOD, 'c', 1);
    await data.set(MOD, 'a', 2);
    world.server.release();
    await vi.waitFor(() => expect(world.server.stored).toHaveLength(2));
    await vi.waitFor(() => expect(queue.status.pending.value).toBe(2));
    // The flush is over: it sent what it had listed, nothing more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.server.stored.map((write) => `${write.key}${write.value}`)).toEqual(['a1', 'b1']);
    world.clock.advance(25);
    await vi.waitFor(() => expect(queue.status.pending.value).toBe(0));
    expect(world.server.stored.map((write) => `${write.key}${write.value}`)).toEqual(['a1', 'b1', 'c1', 'a2']);
  });
});

describe('write queue: compare-and-delete', () => {
  it('keeps an entry rewritten while its send was in flight, and sends the newer value', async () => {
    const { data, queue } = await started();
    await data.set(MOD, 'a', 1);
    world.server.hold();
    const flushing = queue.flush();
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(1));
    await data.set(MOD, 'a', 2);
    world.server.release();
    await flushing;
    expect(world.server.stored.map((write) => write.value)).toEqual([1, 2]);
    expect(queue.status.pending.value).toBe(0);
  });

  it('puts an entry rewritten in flight behind the entries queued before its latest write', async () => {
    const { data, queue } = await started();
    await data.set(MOD, 'a', 1);
    await data.set(MOD, 'b', 1);
    world.server.hold();
    const flushing = queue.flush();
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(1));
    await data.set(MOD, 'a', 2);
    await data.set(MOD, 'c', 1);
    world.server.release();
    await flushing;
    expect(world.server.stored.map((write) => `${write.key}${write.value}`)).toEqual(['a1', 'b1', 'a2', 'c1']);
  });

  it('loses nothing when the resend of the newer value fails', async () => {
    const { data, queue, store } = await started();
    await data.set(MOD, 'a', 1);
    world.server.hold();
    world.server.script.push(FakeServer.pass, FakeServer.fail(503));
    const flushing = queue.flush();
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(1));
    await data.set(MOD, 'a', 2);
    world.server.release();
    await flushing;
    expect(world.server.value(MOD, 'a')).toBe(1);
    const rows = await store.getAll(['q']);
    expect(rows.map(([, entry]) => (entry as { value: number }).value)).toEqual([2]);
    expect(queue.status.state.value).toBe('backing-off');
  });
});

describe('write queue: response classes', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries after %i with backoff, then confirms', async (status) => {
    const { data, queue } = await started();
    world.server.script.push(FakeServer.fail(status));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(queue.status.state.value).toBe('backing-off');
    expect(queue.status.online.value).toBe(false);
    expect(queue.status.pending.value).toBe(1);
    expect(world.clock.delays()).toEqual([500]);
    world.clock.advance(500);
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe(1);
    expect(queue.status.state.value).toBe('online');
    expect(queue.status.lastSyncAt.value).toBe(world.clock.now());
    expect(queue.status.retryAt.value).toBeNull();
  });

  it('goes offline on a network error and retries', async () => {
    const { data, queue } = await started();
    world.server.script.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(queue.status.state.value).toBe('offline');
    world.clock.advance(500);
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe(1);
  });

  it('treats a timeout as offline', async () => {
    const { data, queue } = await started();
    world.server.script.push(hang);
    await data.set(MOD, 'a', 1);
    const flushing = queue.flush();
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(1));
    world.clock.advance(15_000);
    await flushing;
    expect(queue.status.state.value).toBe('offline');
    expect(queue.status.pending.value).toBe(1);
  });

  it('does not take a non-JSON 2xx (captive portal) as a confirmation', async () => {
    const { data, queue } = await started();
    world.server.script.push(() => new Response('<html>login</html>', { status: 200 }));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(queue.status.pending.value).toBe(1);
    expect(queue.status.state.value).toBe('backing-off');
  });

  it('honours Retry-After in seconds: an online event does not cut it short', async () => {
    const window = new EventTarget();
    const { data, queue } = await started({ page: { window, document: null } });
    world.server.script.push(FakeServer.fail(503, { 'Retry-After': '30' }));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(world.clock.delays()).toEqual([30_000]);
    expect(queue.status.retryAt.value).toBe(world.clock.now() + 30_000);
    window.dispatchEvent(new Event('online'));
    expect(world.server.net.calls).toHaveLength(1);
    world.clock.advance(30_000);
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe(1);
  });

  it('honours Retry-After as an HTTP date, and ignores garbage', async () => {
    const { data, queue } = await started();
    const at = new Date(world.clock.now() + 20_000).toUTCString();
    world.server.script.push(FakeServer.fail(429, { 'Retry-After': at }), FakeServer.fail(429, { 'Retry-After': 'later' }));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(world.clock.delays()).toEqual([20_000]);
    world.clock.advance(20_000);
    await queue.flush();
    expect(world.clock.delays()).toEqual([1000]);
  });

  it('keeps backoff delays within the full-jitter bounds, capped', async () => {
    const { data, queue } = await started({ random: () => 0.999 });
    world.server.script.push(...Array.from({ length: 12 }, () => FakeServer.fail(503)));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(DEFAULT_BACKOFF.capMs, DEFAULT_BACKOFF.baseMs * 2 ** attempt);
      const [delay] = world.clock.delays();
      expect(delay).toBeLessThan(ceiling);
      expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling * 0.99));
      world.clock.advance(delay);
      await queue.flush();
    }
    expect(world.server.value(MOD, 'a')).toBe(1);
  });

  it('wakes from backoff when the browser goes online or the page becomes visible', async () => {
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const { data, queue } = await started({ page: { window, document } });
    world.server.script.push(FakeServer.fail(503), FakeServer.fail(503));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(2));
    await queue.flush();
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(world.server.value(MOD, 'a')).toBe(1));
  });

  it.each([401, 403])('pauses on %i, keeps everything, resumes with a new token', async (status) => {
    const window = new EventTarget();
    const { data, queue, client } = await started({ page: { window, document: null } });
    world.server.script.push(FakeServer.fail(status));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(queue.status.state.value).toBe('auth-required');
    expect(world.clock.delays()).toEqual([]);
    await data.set(MOD, 'b', 2);
    window.dispatchEvent(new Event('online'));
    world.clock.advance(60_000);
    await queue.flush();
    expect(world.server.net.calls).toHaveLength(1);
    expect(queue.status.pending.value).toBe(2);
    client.setToken('tok-2');
    await queue.flush();
    expect(world.server.net.calls.at(-1)?.headers.Authorization).toBe('Bearer tok-2');
    expect(world.server.stored.map((write) => write.key)).toEqual(['a', 'b']);
    expect(queue.status.state.value).toBe('online');
  });

  it.each([400, 404, 413, 415])('parks a write refused with %i, reports it, and goes on', async (status) => {
    const { data, queue } = await started();
    world.server.script.push(FakeServer.fail(status));
    await data.set(MOD, 'bad', 1);
    await data.set('two.mod', 'good', 2);
    await queue.flush();
    expect(world.server.value('two.mod', 'good')).toBe(2);
    expect(queue.status.pending.value).toBe(0);
    expect(queue.status.failed.value).toEqual([
      { moduleId: MOD, name: 'bad', from: MOD, code: expect.any(String), message: `failed with ${status}` },
    ]);
    expect(queue.status.state.value).toBe('online');
    await queue.retryFailed();
    await queue.flush();
    expect(world.server.value(MOD, 'bad')).toBe(1);
    expect(queue.status.failed.value).toEqual([]);
  });

  it('unparks a parked entry when its module writes it again', async () => {
    const { data, queue } = await started();
    world.server.script.push(FakeServer.fail(400));
    await data.set(MOD, 'a', 'bad');
    await queue.flush();
    await data.set(MOD, 'a', 'good');
    expect(queue.status.failed.value).toEqual([]);
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe('good');
  });

  it('never drops an entry, however long the API stays away', async () => {
    const { data, queue } = await started();
    world.server.script.push(...Array.from({ length: 40 }, () => FakeServer.fail(503)));
    await data.set(MOD, 'a', 1);
    for (let i = 0; i < 40; i++) {
      world.clock.advance(24 * 3600_000);
      await queue.flush();
    }
    expect(queue.status.pending.value).toBe(1);
    expect(queue.status.oldestPendingAt.value).toBeLessThan(world.clock.now() - 30 * 24 * 3600_000);
    world.clock.advance(24 * 3600_000);
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe(1);
  });
});

describe('write queue: persistence', () => {
  it('flushes at the next start what an earlier page queued', async () => {
    const first = await started();
    world.server.script.push(FakeServer.fail(503));
    await first.data.set(MOD, 'a', 1);
    await first.data.set(MOD, 'b', 2);
    await first.queue.flush();
    first.queue.stop();
    const second = world.tab();
    await second.queue.start();
    await second.queue.flush();
    expect(world.server.stored.map((write) => write.key)).toEqual(['a', 'b']);
    expect(second.queue.status.pending.value).toBe(0);
  });

  it('writes before start are kept and flushed at start', async () => {
    world = new QueueWorld();
    const tab = world.tab();
    await tab.data.set(MOD, 'early', true);
    expect(world.server.net.calls).toHaveLength(0);
    await tab.queue.start();
    await tab.queue.flush();
    expect(world.server.value(MOD, 'early')).toBe(true);
  });
});

describe('write queue: the send side on demand', () => {
  it('is not loaded by a page that only reads, nor at a start with nothing to send', async () => {
    const loadSendSide = vi.fn(async () => createSendSide);
    const { data, queue } = await started({ loadSendSide });
    world.server.values.set(`${MOD}/a`, 1);
    expect(await data.get(MOD, 'a')).toBe(1);
    await queue.flush();
    expect(loadSendSide).not.toHaveBeenCalled();
    await data.set(MOD, 'a', 2);
    await vi.waitFor(() => expect(world.server.value(MOD, 'a')).toBe(2));
    expect(loadSendSide).toHaveBeenCalledTimes(1);
  });

  it('stores a write while its code cannot load, and sends it once a later try loads it', async () => {
    const loadSendSide = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(createSendSide);
    const { data, queue, store } = await started({ loadSendSide });
    await data.set(MOD, 'a', 1);
    await vi.waitFor(() => expect(loadSendSide).toHaveBeenCalledTimes(1));
    expect(queue.status.pending.value).toBe(1);
    expect(await store.getAll(['q'])).toHaveLength(1);
    expect(world.clock.delays()).toContain(SEND_SIDE_RETRY_MS);
    world.clock.advance(SEND_SIDE_RETRY_MS);
    await vi.waitFor(() => expect(world.server.value(MOD, 'a')).toBe(1));
    expect(queue.status.pending.value).toBe(0);
  });

  it('fetches its code in the background once started, so a write made after the server went away is still sent', async () => {
    const loadSendSide = vi.fn().mockResolvedValueOnce(createSendSide).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const { data, queue } = await started({ loadSendSide, prefetchSendSideMs: SEND_SIDE_PREFETCH_MS });
    expect(loadSendSide).not.toHaveBeenCalled();
    world.clock.advance(SEND_SIDE_PREFETCH_MS);
    await vi.waitFor(() => expect(loadSendSide).toHaveBeenCalledTimes(1));
    await data.set(MOD, 'a', 1);
    await vi.waitFor(() => expect(world.server.value(MOD, 'a')).toBe(1));
    expect(queue.status.pending.value).toBe(0);
    expect(loadSendSide).toHaveBeenCalledTimes(1);
  });

  it('loads at start when the local database holds writes to send', async () => {
    const first = await started();
    world.server.script.push(FakeServer.fail(503));
    await first.data.set(MOD, 'a', 1);
    await first.queue.flush();
    first.queue.stop();
    const loadSendSide = vi.fn(async () => createSendSide);
    const second = world.tab({ loadSendSide });
    await second.queue.start();
    await vi.waitFor(() => expect(world.server.value(MOD, 'a')).toBe(1));
    expect(loadSendSide).toHaveBeenCalledTimes(1);
  });
});
