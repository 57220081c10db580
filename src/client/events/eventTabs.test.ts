import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../../api/index.ts';
import { FakeEventLog } from '../testing/FakeEventLog.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';
import { createEventFeed, type EventFeed } from './createEventFeed.ts';
import { eventCursorMemory } from './eventCursorMemory.ts';

let world: QueueWorld;
const feeds: EventFeed[] = [];
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.stop();
  world?.close();
});

/** A tab of the overlay with its event feed started before its queue, as the page does. */
async function eventTab(log: FakeEventLog) {
  const heard: StreamEvent[] = [];
  const holder = { feed: null as EventFeed | null };
  const tab = world.tab({ live: world.live, events: { after: () => holder.feed?.hook.after(), receive: (m) => holder.feed?.hook.receive(m) } });
  const feed = createEventFeed({ list: log.list, memory: eventCursorMemory(tab.store, '1001', 'tool'), clock: world.clock });
  holder.feed = feed;
  feeds.push(feed);
  feed.listen((events) => heard.push(...events));
  await feed.load();
  feed.start();
  await tab.queue.start();
  return { tab, feed, heard };
}

const ids = (events: StreamEvent[]) => events.map((event) => event.id);

describe('stream events across the tabs of one overlay', () => {
  it('the holder relays each event: every tab hands it over once; after a takeover the new holder resumes without repeats', async () => {
    world = new QueueWorld();
    const log = new FakeEventLog(world.clock);
    const a = await eventTab(log);
    const b = await eventTab(log);
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(1));
    world.sockets.last.open();
    expect(world.sockets.last.sent).toEqual([{ type: 'auth', token: 'tok-1', eventsAfter: '0' }]);
    world.sockets.last.message({ type: 'ready', cursor: 'c0', eventCursor: '0' });
    world.sockets.last.message(log.add(1));
    world.sockets.last.message(log.add(2));
    await vi.waitFor(() => expect(ids(b.heard)).toEqual(['e1', 'e2']));
    expect(ids(a.heard)).toEqual(['e1', 'e2']);

    a.tab.queue.stop();
    a.feed.stop();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(2));
    world.sockets.last.open();
    expect(world.sockets.last.sent).toEqual([{ type: 'auth', token: 'tok-1', eventsAfter: '2' }]);
    world.sockets.last.message({ type: 'ready', cursor: 'c0', eventCursor: '3' });
    log.add(3);
    world.sockets.last.message(log.message(1)); // the server's replay may overlap what was handed over
    world.sockets.last.message(log.message(2));
    await vi.waitFor(() => expect(ids(b.heard)).toEqual(['e1', 'e2', 'e3']));
    expect(ids(a.heard)).toEqual(['e1', 'e2']);
  });
});
