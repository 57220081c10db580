import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../../api/index.ts';
import { createLiveConnection } from '../live/index.ts';
import { createDurableStore, openLocalStore } from '../storage/index.ts';
import { FakeSockets } from '../testing/FakeSockets.ts';
import { FakeEventLog as EventLog } from '../testing/FakeEventLog.ts';
import { ManualClock } from '../testing/ManualClock.ts';
import { createEventFeed } from './createEventFeed.ts';
import { eventCursorMemory } from './eventCursorMemory.ts';

const MINUTE = 60_000;
let databases = 0;

/** One page load: a feed on a persistent store, a live connection on fake sockets, and what its modules got. */
async function page(clock: ManualClock, log: EventLog, storeName: string) {
  const store = openLocalStore({ useStore: createDurableStore(storeName, 'entries', indexedDB), clock, onFallback: () => {} });
  const feed = createEventFeed({ list: log.list, memory: eventCursorMemory(store, 'u1', 'event'), clock });
  const got: StreamEvent[] = [];
  feed.listen((events) => got.push(...events));
  const sockets = new FakeSockets();
  const live = createLiveConnection({ baseUrl: 'http://x/api', getToken: () => 't', onChange: () => {}, onResync: () => {}, events: feed.hook, openSocket: sockets.open, probe: sockets.probe, clock, random: () => 0.5 });
  await feed.load();
  feed.start();
  live.start();
  return { feed, got, sockets, live, store };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const ids = (events: StreamEvent[]) => events.map((e) => `${e.id}${e.missed ? '*' : ''}`);

/**
 * A first start ever whose history cannot be read: one event before the page
 * opens, then a feed that has started without a position. Calling `up()`
 * lets the history answer again.
 */
async function firstStartWithHistoryDown(options: { pollMs?: number } = {}) {
  const clock = new ManualClock(10 * MINUTE);
  const log = new EventLog(clock);
  log.add(1);
  clock.advance(1000); // then the page opens
  let down = true;
  const list: typeof log.list = (query) => (down ? Promise.reject(new TypeError('Failed to fetch')) : log.list(query));
  const feed = createEventFeed({ list, memory: { load: async () => undefined, save: async () => {} }, clock, startedAt: clock.now(), ...options });
  const got: StreamEvent[] = [];
  feed.listen((events) => got.push(...events));
  await feed.load();
  feed.start();
  return { clock, log, feed, got, up: () => (down = false) };
}

describe('event feed', () => {
  it('delivers nothing old on the first start, then live events in order, each once', async () => {
    const clock = new ManualClock(10 * MINUTE);
    const log = new EventLog(clock);
    log.add(1);
    clock.advance(1000); // then the page opens
    const one = await page(clock, log, `feed-${++databases}`);
    const second = log.add(2); // posted while the connection opens: the socket replays it
    one.sockets.last.open();
    expect(one.sockets.last.sent).toEqual([{ type: 'auth', token: 't', eventsAfter: '1' }]);
    one.sockets.last.message({ type: 'ready', cursor: 'd0', eventCursor: '2' });
    one.sockets.last.message(second);
    one.sockets.last.message(second);
    one.sockets.last.message(log.add(3));
    await settle();
    expect(ids(one.got)).toEqual(['e2', 'e3']);
  });

  it('on the first start, hands over what came after the start began but before the history was read (not missed)', async () => {
    const clock = new ManualClock(10 * MINUTE);
    const log = new EventLog(clock);
    log.add(1);
    clock.advance(1000);
    // The page opened here; its frames run (and a raid comes) while the local database opens.
    const feed = createEventFeed({ list: log.list, memory: { load: async () => undefined, save: async () => {} }, clock, startedAt: clock.now() });
    const got: StreamEvent[] = [];
    feed.listen((events) => got.push(...events));
    clock.advance(500);
    log.add(2);
    await feed.load();
    feed.start();
    expect(feed.hook.after()).toBe('2');
    feed.hook.receive(log.add(3));
    await settle();
    expect(ids(got)).toEqual(['e2', 'e3']);
  });

  it('resumes a reconnect from the last event handed over, dropping what the replay repeats', async () => {
    const clock = new ManualClock(10 * MINUTE);
    const log = new EventLog(clock);
    const one = await page(clock, log, `feed-${++databases}`);
    one.sockets.last.open();
    one.sockets.last.message({ type: 'ready', cursor: 'd0', eventCursor: '0' });
    one.sockets.last.message(log.add(1));
    await settle();
    one.sockets.last.end(1006);
    clock.advance(10_000);
    one.sockets.last.open();
    expect(one.sockets.last.sent).toEqual([{ type: 'auth', token: 't', since: 'd0', eventsAfter: '1' }]);
    one.sockets.last.message(log.add(2));
    one.sockets.last.message({ type: 'event', cursor: '1', event: log.records[0] });
    await settle();
    expect(ids(one.got)).toEqual(['e1', 'e2']);
  });

  it('after a reload, hands over the missed events of the last 10 minutes first, marked, then new ones', async () => {
    const clock = new ManualClock(100 * MINUTE);
    const log = new EventLog(clock);
    const name = `feed-${++databases}`;
    const before = await page(clock, log, name);
    before.sockets.last.open();
    before.sockets.last.message({ type: 'ready', cursor: 'd0', eventCursor: '0' });
    before.sockets.last.message(log.add(1));
    await settle();
    before.live.stop();
    before.feed.stop();
    log.add(2); // 15 minutes before the reload: too old
    clock.advance(10 * MINUTE);
    log.add(3);
    clock.advance(5 * MINUTE);
    const after = await page(clock, log, name);
    after.sockets.last.open();
    expect(after.sockets.last.sent).toEqual([{ type: 'auth', token: 't', eventsAfter: '1' }]);
    after.sockets.last.message({ type: 'ready', cursor: 'd1', eventCursor: '3' });
    after.sockets.last.message({ type: 'event', cursor: '3', event: log.records[2] });
    after.sockets.last.message(log.add(4));
    await settle();
    expect(ids(after.got)).toEqual(['e3*', 'e4']);
    const third = await page(clock, log, name);
    await settle();
    expect(ids(third.got)).toEqual([]);
  });

  it('after a reset reads what the socket could not replay from the history; every replay is handed over, in place', async () => {
    const clock = new ManualClock(10 * MINUTE);
    const log = new EventLog(clock);
    const one = await page(clock, log, `feed-${++databases}`);
    one.sockets.last.open();
    one.sockets.last.message({ type: 'ready', cursor: 'd0', eventCursor: '0' });
    const first = log.add(1);
    one.sockets.last.message(first);
    log.add(2);
    log.add(3);
    one.sockets.last.message({ type: 'eventsReset', cursor: '3' });
    one.sockets.last.message({ type: 'event', cursor: '3', event: { ...first.event, replayed: true } });
    one.sockets.last.message({ type: 'event', cursor: '3', event: { ...first.event, replayed: true } });
    await settle();
    one.sockets.last.message(log.add(4));
    await settle();
    expect(ids(one.got)).toEqual(['e1', 'e2', 'e3', 'e1', 'e1', 'e4']);
    expect(one.got.filter((e) => e.replayed)).toHaveLength(2);
    expect(one.feed.hook.after()).toBe('4');
  });

  it('holds events handed over before any listener for the first one', async () => {
    const clock = new ManualClock(0);
    const log = new EventLog(clock);
    const feed = createEventFeed({ list: log.list, memory: { load: async () => undefined, save: async () => {} }, clock });
    await feed.load();
    feed.start();
    feed.hook.receive(log.add(1));
    feed.hook.receive(log.add(2));
    await settle();
    const got: StreamEvent[] = [];
    feed.listen((events) => got.push(...events));
    expect(ids(got)).toEqual(['e1', 'e2']);
  });

  it('without a live endpoint, reads new events from the history while polling, and stops when told', async () => {
    const clock = new ManualClock(10 * MINUTE);
    const log = new EventLog(clock);
    log.add(1);
    clock.advance(1000); // then the page opens
    const feed = createEventFeed({ list: log.list, memory: { load: async () => undefined, save: async () => {} }, clock, pollMs: 5000 });
    const got: StreamEvent[] = [];
    feed.listen((events) => got.push(...events));
    await feed.load();
    feed.start();
    feed.poll(true);
    log.add(2);
    log.add(3);
    clock.advance(5000);
    await vi.waitFor(() => expect(ids(got)).toEqual(['e2', 'e3']));
    feed.poll(false);
    log.add(4);
    clock.advance(20_000);
    await settle();
    expect(ids(got)).toEqual(['e2', 'e3']);
    feed.stop();
  });

  it('when the first start could not read the history, the first poll hands over what came since the page opened, and reads from there', async () => {
    const { clock, log, feed, got, up } = await firstStartWithHistoryDown({ pollMs: 5000 });
    expect(feed.hook.after()).toBeUndefined();
    feed.poll(true);
    clock.advance(500);
    log.add(2); // accepted after the page opened, while the API could not be read
    up();
    clock.advance(4500);
    await vi.waitFor(() => expect(feed.hook.after()).toBe('2'));
    await settle();
    expect(ids(got)).toEqual(['e2']);
    log.add(3);
    clock.advance(5000);
    await vi.waitFor(() => expect(ids(got)).toEqual(['e2', 'e3']));
    feed.stop();
  });

  it('when the first start could not read the history in time, the live socket\'s ready reads what came since the page opened, before live events', async () => {
    const { clock, log, feed, got, up } = await firstStartWithHistoryDown();
    // The socket connects without a position, so the server starts it at its end.
    expect(feed.hook.after()).toBeUndefined();
    clock.advance(500);
    log.add(2); // accepted after the page opened, before the socket was ready
    up();
    feed.hook.receive({ type: 'eventsReady', cursor: '2' });
    feed.hook.receive(log.add(3));
    await vi.waitFor(() => expect(ids(got)).toEqual(['e2', 'e3']));
    expect(feed.hook.after()).toBe('3');
  });

  it('without a position and without the history, the ready\'s end becomes the position after the tries, and live events go on', async () => {
    const clock = new ManualClock(10 * MINUTE);
    const log = new EventLog(clock);
    const list: typeof log.list = () => Promise.reject(new TypeError('Failed to fetch'));
    const feed = createEventFeed({ list, memory: { load: async () => undefined, save: async () => {} }, clock, retryMs: 2000, maxAttempts: 3 });
    const got: StreamEvent[] = [];
    feed.listen((events) => got.push(...events));
    await feed.load();
    feed.start();
    log.add(1);
    feed.hook.receive({ type: 'eventsReady', cursor: '1' });
    feed.hook.receive(log.add(2));
    for (let i = 0; i < 3; i += 1) {
      await settle();
      clock.advance(2000);
    }
    await vi.waitFor(() => expect(ids(got)).toEqual(['e2']));
    expect(feed.hook.after()).toBe('2');
  });
});
