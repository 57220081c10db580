import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertWorld, streamEvent } from '../testing/AlertWorld.ts';

let world: AlertWorld;
afterEach(() => world?.close());

/** Two pages that both got the same events from their feeds, as in OBS. */
async function twoPages(ids: string[]) {
  world = new AlertWorld();
  const a = world.page();
  const b = world.page();
  await world.run(500);
  for (const id of ids) {
    a.queue.offer(streamEvent(id));
    b.queue.offer(streamEvent(id));
  }
  await world.until(() => a.ids().length === 1 && b.ids().length === 1);
  return { a, b };
}

describe('the alert queue of several pages', () => {
  it('shows each alert on every page at once, queued once, and starts the next when every page is done', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    expect([a.ids(), b.ids()]).toEqual([['x'], ['x']]);
    a.finishLast();
    await world.run(2000);
    expect([a.ids(), b.ids()]).toEqual([['x'], ['x']]);
    // The follower sees the leader's view.
    expect(b.queue.view.value).toMatchObject({ showing: { id: 'x' }, waiting: 1 });
    b.finishLast();
    await world.until(() => a.ids().length === 2 && b.ids().length === 2);
    a.finishLast();
    b.finishLast();
    await world.until(() => b.queue.view.value.showing === null);
    expect([a.ids(), b.ids()]).toEqual([['x', 'y'], ['x', 'y']]);
    expect(b.queue.view.value).toMatchObject({ waiting: 0 });
  });

  it('takes a page that crashed mid-alert as done within 2 s', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    a.finishLast();
    await world.run(300);
    b.crash();
    const took = await world.until(() => a.ids().length === 2);
    expect(took).toBeLessThanOrEqual(2000);
    expect(a.ids()).toEqual(['x', 'y']);
  });

  it('goes on when the leading page crashed after the others finished its alert: the alert is over, not shown again', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    b.finishLast();
    await world.run(300);
    a.crash();
    const took = await world.until(() => b.ids().length === 2);
    expect(took).toBeLessThanOrEqual(2000);
    expect(b.ids()).toEqual(['x', 'y']);
  });

  it('moves the lead when the leading page closes: what shows goes on, the next waits for it, new offers enter', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    expect([a.queue.leading.value, b.queue.leading.value]).toEqual([true, false]);
    a.queue.close();
    expect(a.presented[0]!.signal.aborted).toBe(true);
    await world.until(() => b.queue.leading.value);
    expect(a.queue.leading.value).toBe(false);
    await world.run(1000);
    expect(b.ids()).toEqual(['x']);
    expect(b.presented[0]!.signal.aborted).toBe(false);
    b.finishLast();
    await world.until(() => b.ids().length === 2);
    b.queue.offer(streamEvent('z'));
    b.finishLast();
    await world.until(() => b.ids().length === 3);
    expect(b.ids()).toEqual(['x', 'y', 'z']);
    expect(a.ids()).toEqual(['x']);
  });

  it('a page that joins later neither shows the alert already showing nor holds it up, and shows the next', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    const c = world.page();
    c.queue.offer(streamEvent('x', 'channel.follow', { missed: true }));
    c.queue.offer(streamEvent('y', 'channel.follow', { missed: true }));
    await world.run(1000);
    a.finishLast();
    b.finishLast();
    await world.until(() => c.ids().length === 1);
    expect([a.ids(), b.ids(), c.ids()]).toEqual([['x', 'y'], ['x', 'y'], ['y']]);
  });

  it('a page that closes mid-alert is done with it at once', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    a.finishLast();
    await world.run(100);
    b.queue.close();
    const took = await world.until(() => a.ids().length === 2);
    expect(took).toBeLessThanOrEqual(100);
  });

  it('works over the browser\'s own BroadcastChannel', async () => {
    world = new AlertWorld();
    const options = { userId: `bc-${Date.now()}`, channel: undefined };
    const a = world.page('manual', options);
    const b = world.page('manual', options);
    await world.run(500);
    b.queue.offer(streamEvent('x'));
    b.queue.offer(streamEvent('y'));
    await world.until(() => a.ids().length === 1 && b.ids().length === 1);
    a.finishLast();
    b.finishLast();
    await world.until(() => a.ids().length === 2 && b.ids().length === 2);
    expect(a.ids()).toEqual(['x', 'y']);
  });

  it('elects its leader with a lease in IndexedDB where the browser has no Web Locks', async () => {
    world = new AlertWorld();
    const a = world.page('manual', { locks: null });
    const b = world.page('manual', { locks: null });
    await world.run(500);
    b.queue.offer(streamEvent('x'));
    b.queue.offer(streamEvent('y'));
    await world.until(() => a.ids().length === 1 && b.ids().length === 1);
    a.queue.close();
    b.finishLast();
    // The lease is given back at close: b takes it at its next try (half the lease's 10 s).
    await world.until(() => b.ids().length === 2, 8000);
    expect(b.ids()).toEqual(['x', 'y']);
  });

  it('drops messages it cannot read (another version of the page, damaged data) and goes on', async () => {
    const { a, b } = await twoPages(['x', 'y']);
    const stranger = world.hub.open('overlay-alerts:1001');
    // An offer of chat from a page of another version: never an alert.
    stranger.postMessage({ t: 'offer', event: streamEvent('chat', 'channel.chat.message') });
    for (const junk of [42, 'skip', { t: 'command', command: 'skip' }, { t: 'start', seq: 9, event: { id: 'z' }, muted: false }, { t: 'beat', page: 'p', active: 'no' }]) {
      stranger.postMessage(junk);
    }
    await world.run(1000);
    expect([a.ids(), b.ids(), a.presented[0]!.signal.aborted]).toEqual([['x'], ['x'], false]);
    a.finishLast();
    b.finishLast();
    await world.until(() => a.ids().length === 2 && b.ids().length === 2);
    expect(a.queue.view.value.waiting).toBe(0);
  });

  it('queues a replay that every page hands on once, with its mark', async () => {
    const { a, b } = await twoPages(['x']);
    for (const page of [a, b]) page.queue.offer(streamEvent('x', 'channel.follow', { replayed: true }));
    await world.run(500);
    expect(a.queue.view.value.waiting).toBe(1);
    a.finishLast();
    b.finishLast();
    await world.until(() => a.ids().length === 2 && b.ids().length === 2);
    a.finishLast();
    b.finishLast();
    await world.until(() => a.queue.view.value.showing === null);
    expect(a.presented.map((each) => each.alert.event.replayed)).toEqual([undefined, true]);
  });

  it('a page offers again what the leader had not stored when the leader crashed, to the next leader', async () => {
    world = new AlertWorld();
    const [a, b, c] = [world.page(), world.page(), world.page()];
    await world.run(500);
    // a stops hearing anything, then c's feed hands on an event: only a leader stores it.
    a.dead = true;
    a.inner?.close();
    c.queue.offer(streamEvent('x'));
    await world.run(200);
    a.queue.close();
    await world.until(() => b.ids().length === 1 && c.ids().length === 1);
    expect(c.ids()).toEqual(['x']);
  });

  it('a new leader does not wait for a page that finished the alert while it was starting', async () => {
    world = new AlertWorld();
    const [a, b, c] = [world.page(), world.page(), world.page()];
    await world.run(500);
    for (const id of ['x', 'y']) a.queue.offer(streamEvent(id));
    await world.until(() => b.ids().length === 1 && c.ids().length === 1);
    a.queue.close();
    await world.until(() => b.queue.leading.value);
    // c has told the new leader it shows x; it finishes before the leader has settled.
    await world.run(50);
    c.finishLast();
    await world.run(500);
    b.finishLast();
    const took = await world.until(() => b.ids().length === 2 && c.ids().length === 2);
    expect(took).toBeLessThan(1000);
  });
});
