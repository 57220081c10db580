import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertWorld, streamEvent } from '../testing/AlertWorld.ts';

let world: AlertWorld;
afterEach(() => world?.close());

/** Closes every page, as OBS does on a refresh or a restart, and opens `count` new ones on the same IndexedDB. */
async function reload(count: number) {
  for (const page of world.pages) page.queue.close();
  await world.run(200);
  world.restart();
  const fresh = Array.from({ length: count }, () => world.page());
  await world.run(500);
  return fresh;
}

describe('the alert queue across reloads', () => {
  it('starts the alert that showed again from its beginning, then the waiting ones in order, none twice', async () => {
    world = new AlertWorld();
    const a = world.page();
    const b = world.page();
    await world.run(500);
    for (const id of ['x', 'y', 'z']) {
      a.queue.offer(streamEvent(id));
      b.queue.offer(streamEvent(id));
    }
    await world.until(() => a.ids().length === 1);
    a.finishLast();
    b.finishLast();
    await world.until(() => a.ids().length === 2 && b.ids().length === 2);
    const [c, d] = await reload(2);
    // Their feeds hand the last minutes' events on again, as missed.
    for (const id of ['x', 'y', 'z']) d!.queue.offer(streamEvent(id, 'channel.follow', { missed: true }));
    await world.until(() => c!.ids().length === 1 && d!.ids().length === 1);
    expect(c!.ids()).toEqual(['y']);
    c!.finishLast();
    d!.finishLast();
    await world.until(() => c!.ids().length === 2 && d!.ids().length === 2);
    c!.finishLast();
    d!.finishLast();
    await world.until(() => c!.queue.view.value.showing === null);
    await world.run(1000);
    expect([c!.ids(), d!.ids()]).toEqual([['y', 'z'], ['y', 'z']]);
  });

  it('keeps the streamer state and the ids already shown across a reload, with a single page', async () => {
    world = new AlertWorld();
    const a = world.page('instant');
    await world.run(500);
    a.queue.offer(streamEvent('x'));
    await world.until(() => a.ids().length === 1);
    a.queue.setState({ paused: true, muted: true });
    a.queue.offer(streamEvent('y'));
    await world.until(() => a.queue.view.value.waiting === 1);
    const [b] = await reload(1);
    b!.mode = 'instant';
    b!.queue.offer(streamEvent('x', 'channel.follow', { missed: true }));
    await world.until(() => b!.queue.view.value.paused);
    expect(b!.queue.view.value).toMatchObject({ paused: true, muted: true, waiting: 1, held: 'paused' });
    b!.queue.setState({ paused: false, muted: true });
    await world.until(() => b!.ids().length === 1);
    await world.run(500);
    expect(b!.ids()).toEqual(['y']);
    expect(b!.presented[0]!.alert.muted).toBe(true);
  });

  it('a state the page hears while the stored queue is still being read wins over the stored one', async () => {
    world = new AlertWorld();
    const a = world.page();
    await world.run(500);
    a.queue.setState({ paused: true, muted: true });
    await world.until(() => a.queue.view.value.paused);
    a.queue.close();
    await world.run(200);
    world.restart();
    const b = world.page();
    b.queue.setState({ paused: false, muted: false });
    b.queue.offer(streamEvent('x'));
    await world.until(() => b.ids().length === 1);
    expect(b.queue.view.value).toMatchObject({ paused: false, muted: false });
  });

  it('skips stored rows it cannot read (damaged, or from another version) and plays the others', async () => {
    world = new AlertWorld();
    const a = world.page();
    await world.run(500);
    a.queue.setState({ paused: true, muted: false });
    a.queue.offer(streamEvent('x'));
    await world.until(() => a.queue.view.value.waiting === 1);
    const [store] = world.stores;
    await store!.update([], () => ({
      writes: [
        [['alerts', '1001', 'q', '0000000000000000'], { seq: 'first', event: 'nothing' }],
        [['alerts', '1001', 'seen'], 'not a list'],
      ],
      result: undefined,
    }));
    const [b] = await reload(1);
    b!.queue.offer(streamEvent('x', 'channel.follow', { missed: true }));
    b!.queue.setState({ paused: false, muted: false });
    await world.until(() => b!.ids().length === 1);
    await world.run(500);
    expect(b!.queue.view.value.waiting).toBe(0);
    expect(b!.ids()).toEqual(['x']);
  });

  it('loses no offer made while the leading page is still starting and then closes', async () => {
    world = new AlertWorld();
    const a = world.page('instant');
    const b = world.page('instant');
    b.queue.offer(streamEvent('early'));
    a.queue.close();
    await world.until(() => b.ids().length === 1);
    expect(b.ids()).toEqual(['early']);
  });

  it('keeps at most max waiting: the oldest waiting are dropped and counted, and stay dropped after a reload', async () => {
    world = new AlertWorld();
    const a = world.page('manual', { max: 5 });
    await world.run(500);
    a.queue.setState({ paused: true, muted: false });
    for (let i = 1; i <= 8; i++) a.queue.offer(streamEvent(`n${i}`));
    await world.until(() => a.queue.view.value.dropped === 3);
    expect(a.queue.view.value).toMatchObject({ waiting: 5, dropped: 3 });
    const [b] = await reload(1);
    b!.mode = 'instant';
    b!.queue.offer(streamEvent('n1', 'channel.follow', { missed: true }));
    b!.queue.setState({ paused: false, muted: false });
    await world.until(() => b!.ids().length === 5);
    await world.run(500);
    expect(b!.ids()).toEqual(['n4', 'n5', 'n6', 'n7', 'n8']);
  });

  it('drops nothing below the default cap of 500, and the 501st drops the oldest', async () => {
    world = new AlertWorld();
    const a = world.page();
    await world.run(500);
    a.queue.setState({ paused: true, muted: false });
    for (let i = 1; i <= 501; i++) a.queue.offer(streamEvent(`c${i}`));
    await world.until(() => a.queue.view.value.dropped === 1);
    expect(a.queue.view.value.waiting).toBe(500);
  });
});

describe('pages whose modules misbehave', () => {
  it('a page whose present() throws counts as done at once', async () => {
    world = new AlertWorld();
    const a = world.page('throw');
    const b = world.page();
    await world.run(500);
    a.queue.offer(streamEvent('x'));
    a.queue.offer(streamEvent('y'));
    await world.until(() => b.ids().length === 1);
    b.finishLast();
    await world.until(() => b.ids().length === 2);
  });

  it('a page whose present() never settles, even aborted, is given up on after alertTimeoutMs', async () => {
    world = new AlertWorld();
    const a = world.page('never', { alertTimeoutMs: 3000 });
    const b = world.page('instant', { alertTimeoutMs: 3000 });
    await world.run(500);
    b.queue.offer(streamEvent('x'));
    b.queue.offer(streamEvent('y'));
    await world.until(() => a.ids().length === 1);
    const took = await world.until(() => a.ids().length === 2, 4000);
    expect(took).toBeGreaterThanOrEqual(2500);
    expect(a.presented[0]!.signal.aborted).toBe(true);
  });
});
