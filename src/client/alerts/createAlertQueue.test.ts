import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertWorld, streamEvent } from '../testing/AlertWorld.ts';

let world: AlertWorld;
afterEach(() => world?.close());

describe('the alert queue of one page', () => {
  it('shows one alert at a time in the order offered, and leaves chat out', async () => {
    world = new AlertWorld();
    const page = world.page();
    for (const id of ['a', 'b']) page.queue.offer(streamEvent(id));
    page.queue.offer(streamEvent('chat', 'channel.chat.message'));
    page.queue.offer(streamEvent('c', 'channel.raid'));
    await world.until(() => page.ids().length === 1);
    expect(page.ids()).toEqual(['a']);
    expect(page.queue.view.value).toMatchObject({ showing: { id: 'a' }, waiting: 2 });
    await world.run(1000);
    expect(page.ids()).toEqual(['a']);
    page.finishLast();
    await world.until(() => page.ids().length === 2);
    page.finishLast();
    await world.until(() => page.ids().length === 3);
    page.finishLast();
    await world.until(() => page.queue.view.value.showing === null);
    expect(page.ids()).toEqual(['a', 'b', 'c']);
    expect(page.queue.view.value).toMatchObject({ waiting: 0, dropped: 0 });
  });

  it('queues an event once, however often it is offered; a replay is a new alert with its mark, a missed one keeps its mark', async () => {
    world = new AlertWorld();
    const page = world.page('instant');
    page.queue.offer(streamEvent('a'));
    page.queue.offer(streamEvent('a'));
    await world.until(() => page.ids().length === 1);
    await world.run(200);
    page.queue.offer(streamEvent('a', 'channel.follow', { missed: true }));
    page.queue.offer(streamEvent('m', 'channel.follow', { missed: true }));
    page.queue.offer(streamEvent('a', 'channel.follow', { replayed: true }));
    page.queue.offer(streamEvent('a', 'channel.follow', { replayed: true }));
    await world.until(() => page.ids().length === 3);
    await world.run(500);
    expect(page.presented.map((each) => [each.id, each.alert.event.missed, each.alert.event.replayed])).toEqual([
      ['a', undefined, undefined],
      ['m', true, undefined],
      ['a', undefined, true],
    ]);
    // Another page's copy of the same replay, after it was shown: the same replay.
    page.queue.offer(streamEvent('a', 'channel.follow', { replayed: true }));
    await world.run(1000);
    expect(page.ids()).toHaveLength(3);
    // The streamer replays it again later: shown again.
    await world.run(5000);
    page.queue.offer(streamEvent('a', 'channel.follow', { replayed: true }));
    await world.until(() => page.ids().length === 4);
  });
});
