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
    a.queue.close();
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
});
