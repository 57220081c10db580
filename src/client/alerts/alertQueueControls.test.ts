import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertWorld, streamEvent } from '../testing/AlertWorld.ts';

let world: AlertWorld;
afterEach(() => world?.close());

async function pages(count: number) {
  world = new AlertWorld();
  const all = Array.from({ length: count }, () => world.page());
  await world.run(500);
  return all;
}

function offerAll(page: { queue: { offer: (event: ReturnType<typeof streamEvent>) => void } }, ids: string[]) {
  for (const id of ids) page.queue.offer(streamEvent(id));
}

describe('the streamer commands the alert queue', () => {
  it('pause: the alert showing finishes, none starts until resumed; the view says why they wait', async () => {
    const [a, b] = await pages(2);
    offerAll(a!, ['x', 'y']);
    await world.until(() => b!.ids().length === 1);
    b!.queue.setState({ paused: true, muted: false });
    await world.until(() => a!.queue.view.value.paused);
    expect(a!.presented[0]!.signal.aborted).toBe(false);
    a!.finishLast();
    b!.finishLast();
    await world.until(() => b!.queue.view.value.showing === null);
    await world.run(2000);
    expect(a!.ids()).toEqual(['x']);
    expect(b!.queue.view.value).toMatchObject({ paused: true, held: 'paused', waiting: 1 });
    a!.queue.setState({ paused: false, muted: false });
    await world.until(() => a!.ids().length === 2 && b!.ids().length === 2);
    expect(b!.queue.view.value.held).toBeUndefined();
  });

  it('mute: alerts that start while muted carry muted; the view says muted', async () => {
    const [a, b] = await pages(2);
    b!.queue.setState({ paused: false, muted: true });
    await world.until(() => a!.queue.view.value.muted);
    offerAll(b!, ['x']);
    await world.until(() => a!.ids().length === 1 && b!.ids().length === 1);
    expect([a!.presented[0]!.alert.muted, b!.presented[0]!.alert.muted]).toEqual([true, true]);
    // Unmuted while it shows: every page's view says so at once, the alert goes on.
    a!.queue.setState({ paused: false, muted: false });
    await world.until(() => !b!.queue.view.value.muted);
    expect(b!.queue.view.value.showing?.id).toBe('x');
    a!.finishLast();
    b!.finishLast();
    offerAll(a!, ['y']);
    await world.until(() => a!.ids().length === 2);
    expect(a!.presented[1]!.alert.muted).toBe(false);
  });

  it('the latest state wins whichever page heard it, not the last to send it', async () => {
    const [a, b] = await pages(2);
    b!.queue.setState({ paused: true, muted: true });
    world.clock.advance(10);
    a!.queue.setState({ paused: false, muted: false });
    await world.run(300);
    // b heard older news: a page that takes the lead later must not bring it back.
    a!.queue.close();
    await world.run(1000);
    expect(b!.queue.view.value).toMatchObject({ paused: false, muted: false });
  });

  it('skip: the alert showing aborts on every page and the next starts; a second skip of the same alert (from another page) skips nothing more', async () => {
    const [a, b] = await pages(2);
    offerAll(a!, ['x', 'y', 'z']);
    await world.until(() => b!.ids().length === 1);
    await world.run(200);
    a!.queue.command('skip');
    b!.queue.command('skip');
    await world.until(() => a!.ids().length === 2 && b!.ids().length === 2);
    expect([a!.presented[0]!.signal.aborted, b!.presented[0]!.signal.aborted]).toEqual([true, true]);
    await world.run(2000);
    expect(a!.ids()).toEqual(['x', 'y']);
    expect(a!.presented[1]!.signal.aborted).toBe(false);
  });

  it('skip: a page whose modules ignore the abort holds the next one up at most skipGraceMs', async () => {
    const [a, b] = await pages(2);
    b!.mode = 'never';
    offerAll(a!, ['x', 'y']);
    await world.until(() => b!.ids().length === 1);
    a!.queue.command('skip');
    const took = await world.until(() => a!.ids().length === 2);
    expect(took).toBeLessThanOrEqual(1200);
  });

  it('clear: drops what waits now, keeps what shows and what is offered after', async () => {
    const [a, b] = await pages(2);
    offerAll(a!, ['x', 'y', 'z']);
    await world.until(() => b!.ids().length === 1 && b!.queue.view.value.waiting === 2);
    b!.queue.command('clear');
    await world.until(() => a!.queue.view.value.waiting === 0);
    offerAll(b!, ['w']);
    await world.until(() => a!.queue.view.value.waiting === 1);
    a!.finishLast();
    b!.finishLast();
    await world.until(() => a!.ids().length === 2);
    expect(a!.ids()).toEqual(['x', 'w']);
    expect(a!.presented[0]!.signal.aborted).toBe(false);
  });

  it('setActive(false) on any page holds the queue (hidden) until every page is active again', async () => {
    const [a, b] = await pages(2);
    b!.queue.setActive(false);
    await world.until(() => a!.queue.view.value.held === 'hidden');
    offerAll(a!, ['x']);
    await world.until(() => a!.queue.view.value.waiting === 1);
    await world.run(3000);
    expect(a!.ids()).toEqual([]);
    a!.queue.setActive(false);
    b!.queue.setActive(true);
    await world.run(1000);
    expect(a!.ids()).toEqual([]);
    a!.queue.setActive(true);
    await world.until(() => a!.ids().length === 1 && b!.ids().length === 1);
    expect(b!.queue.view.value.held).toBeUndefined();
  });

  it('a hidden page that closes no longer holds the queue', async () => {
    const [a, b] = await pages(2);
    b!.queue.setActive(false);
    await world.until(() => a!.queue.view.value.held === 'hidden');
    offerAll(a!, ['x']);
    await world.run(500);
    expect(a!.ids()).toEqual([]);
    b!.crash();
    await world.until(() => a!.ids().length === 1, 2000);
  });

  it('the same state heard again (every page hears it, and the news of every report), or a page joining, makes no new view', async () => {
    const [a, b] = await pages(2);
    a.queue.setState({ paused: true, muted: false });
    await world.until(() => b.queue.view.value.paused);
    const [before, beforeB] = [a.queue.view.value, b.queue.view.value];
    for (const page of [a, b, a]) page.queue.setState({ paused: true, muted: false });
    // A page joins: the leader tells the view again, the same.
    world.page();
    await world.run(1000);
    expect(a.queue.view.value).toBe(before);
    expect(b.queue.view.value).toBe(beforeB);
  });
});
