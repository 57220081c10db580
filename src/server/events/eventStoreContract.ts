import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Events } from './createEvents.ts';
import { EventRateExceeded } from './eventRate.ts';
import type { OpenEventsOptions } from './openEvents.ts';

/** A fresh, empty log with its bus; `close` releases it and its data store. */
export interface FreshEvents {
  events: Events;
  close(): Promise<void>;
}

const raid = (over: Record<string, unknown> = {}) => ({ type: 'channel.raid', event: { from_broadcaster_user_name: 'Pabu', viewers: 42 }, source: 'api' as const, ...over });
const messages = (sent: Buffer[]) => sent.map((buffer) => JSON.parse(buffer.toString()) as { type: string; cursor: string; event?: { id: string; replayed?: boolean } });

/**
 * The behaviour every event log must have (memory, sqlite, redis), through the
 * `Events` object the API and every event source use: store, dedupe, history,
 * retention and live delivery. Each store's test file calls it with a factory.
 */
export function describeEventStoreContract(label: string, openFresh: (options?: OpenEventsOptions) => Promise<FreshEvents>): void {
  describe(`EventStore contract: ${label}`, () => {
    let fresh: FreshEvents;
    let events: Events;
    beforeEach(async () => {
      fresh = await openFresh();
      events = fresh.events;
    });
    afterEach(() => fresh.close());

    it('stores the record in EventSub shape, the event kept exactly', async () => {
      const before = Date.now();
      const { record, cursor, created } = await events.append('1001', { ...raid({ event: { a: [1, 'ü', null], b: { c: true } } }), id: 'm-1', test: true });
      expect(created).toBe(true);
      expect(typeof cursor).toBe('string');
      expect(record).toEqual({ id: 'm-1', at: record.at, source: 'api', test: true, subscription: { type: 'channel.raid', version: '1' }, event: { a: [1, 'ü', null], b: { c: true } } });
      expect(record.at).toBeGreaterThanOrEqual(before);
      expect(await events.find('1001', 'm-1')).toEqual(record);
      const generated = await events.append('1001', raid({ version: '2' }));
      expect(generated.record.id).toMatch(/^.{8,}$/);
      expect(generated.record.subscription.version).toBe('2');
    });

    it('answers a repeated id with the stored record and stores it once, per user', async () => {
      const first = await events.append('1001', raid({ id: 'dup' }));
      const again = await events.append('1001', raid({ id: 'dup', event: { other: 1 } }));
      expect(again).toEqual({ ...first, created: false });
      expect((await events.append('2002', raid({ id: 'dup' }))).created).toBe(true);
      expect((await events.list('1001', { limit: 100 })).events.map((e) => e.record.id)).toEqual(['dup']);
    });

    it('stores an id once when many posts of it race', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => events.append('1001', raid({ id: 'race', event: { n: i } }))));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.cursor)).size).toBe(1);
      expect((await events.list('1001', { limit: 100 })).events).toHaveLength(1);
    });

    it('lists the newest, oldest first, and pages after a cursor in accepted order', async () => {
      const cursors: string[] = [];
      for (let i = 0; i < 7; i++) cursors.push((await events.append('1001', raid({ id: `e${i}` }))).cursor);
      await events.append('2002', raid({ id: 'other' }));
      const newest = await events.list('1001', { limit: 3 });
      expect(newest.events.map((e) => e.record.id)).toEqual(['e4', 'e5', 'e6']);
      expect(newest.cursor).toBe(cursors[6]);
      expect(newest.gap).toBe(false);
      const page = await events.list('1001', { after: cursors[1], limit: 3 });
      expect(page.events.map((e) => [e.record.id, e.cursor])).toEqual([2, 3, 4].map((i) => [`e${i}`, cursors[i]]));
      expect(page.cursor).toBe(cursors[4]);
      const rest = await events.list('1001', { after: page.cursor, limit: 100 });
      expect(rest.events.map((e) => e.record.id)).toEqual(['e5', 'e6']);
      const end = await events.list('1001', { after: rest.cursor, limit: 100 });
      expect(end).toMatchObject({ events: [], gap: false });
    });

    it('gives an empty log a current end that later events come after', async () => {
      const empty = await events.list('1001', { limit: 10 });
      expect(empty.events).toEqual([]);
      await events.append('1001', raid({ id: 'later' }));
      const after = await events.list('1001', { after: empty.cursor, limit: 10 });
      expect(after.events.map((e) => e.record.id)).toEqual(['later']);
      expect(after.gap).toBe(false);
    });

    it('answers a cursor it never gave (garbage, another log) with gap and the oldest kept', async () => {
      await events.append('1001', raid({ id: 'a' }));
      for (const foreign of ['nonsense', 'ffffffffffff:1', 'ffffffffffff:1-0']) {
        const page = await events.list('1001', { after: foreign, limit: 10 });
        expect(page.gap).toBe(true);
        expect(page.events.map((e) => e.record.id)).toEqual(['a']);
      }
    });

    it('keeps the newest of each type, drops older ones of a busy type, and says gap', async () => {
      await fresh.close();
      fresh = await openFresh({ retention: { perType: 3 } });
      events = fresh.events;
      const start = (await events.list('1001', { limit: 1 })).cursor;
      await events.append('1001', { ...raid({ id: 'f0' }), type: 'channel.follow' });
      for (let i = 0; i < 6; i++) await events.append('1001', raid({ id: `r${i}` }));
      await events.append('1001', { ...raid({ id: 'f1' }), type: 'channel.follow' });
      const all = await events.list('1001', { limit: 100 });
      expect(all.events.map((e) => e.record.id)).toEqual(['f0', 'r3', 'r4', 'r5', 'f1']);
      expect(await events.find('1001', 'r0')).toBeUndefined();
      expect((await events.list('1001', { after: start, limit: 100 })).gap).toBe(true);
      const afterDropped = await events.list('1001', { after: all.events[1]!.cursor, limit: 100 });
      expect(afterDropped).toMatchObject({ gap: false });
      expect(afterDropped.events.map((e) => e.record.id)).toEqual(['r4', 'r5', 'f1']);
    });

    it('holds a user to the rate when asked: past the burst it stores nothing and says how long to wait', async () => {
      const rate = { perSecond: 1, burst: 2 };
      await events.append('1001', raid({ id: 'r1' }), rate);
      await events.append('1001', raid({ id: 'r2' }), rate);
      const refused = await events.append('1001', raid({ id: 'r3' }), rate).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(EventRateExceeded);
      expect((refused as EventRateExceeded).retryAfterMs).toBeGreaterThan(0);
      expect((refused as EventRateExceeded).retryAfterMs).toBeLessThanOrEqual(1000);
      expect(await events.find('1001', 'r3')).toBeUndefined();
      expect((await events.append('2002', raid({ id: 'r3' }), rate)).created).toBe(true);
      expect((await events.append('1001', raid({ id: 'r3' }))).created).toBe(true);
    });

    it('gives the events accepted since a time, oldest first', async () => {
      await events.append('1001', raid({ id: 'old' }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const since = Date.now();
      await events.append('1001', raid({ id: 'new', test: true }));
      expect((await events.since('1001', since)).map((record) => record.id)).toEqual(['new']);
      expect(await events.since('2002', 0)).toEqual([]);
    });

    it('delivers each new record to a subscriber, in order, once', async () => {
      const sent: Buffer[] = [];
      const subscription = await events.subscribe('1001', undefined, (message) => sent.push(message));
      await events.append('1001', raid({ id: 'held' }));
      expect(sent).toEqual([]);
      subscription.begin();
      await events.append('1001', raid({ id: 'live' }));
      await events.append('1001', raid({ id: 'live' }));
      await events.append('2002', raid({ id: 'not-mine' }));
      await until(() => sent.length >= 2);
      const heard = messages(sent);
      expect(heard.map((m) => [m.type, m.event?.id])).toEqual([['event', 'held'], ['event', 'live']]);
      expect(heard[1]!.cursor).toBe((await events.list('1001', { limit: 1 })).cursor);
      subscription.leave();
    });

    it('replays the events after a cursor first, then live ones, and resets past the replay bound', async () => {
      const first = await events.append('1001', raid({ id: 'one' }));
      await events.append('1001', raid({ id: 'two' }));
      const sent: Buffer[] = [];
      const subscription = await events.subscribe('1001', first.cursor, (message) => sent.push(message));
      subscription.begin();
      await events.append('1001', raid({ id: 'three' }));
      await until(() => sent.length >= 2);
      expect(messages(sent).map((m) => m.event?.id)).toEqual(['two', 'three']);
      expect(subscription.cursor).toBe(messages(sent)[0]!.cursor);
      subscription.leave();
      await fresh.close();
      fresh = await openFresh({ maxReplayEvents: 1 });
      events = fresh.events;
      const zero = await events.append('1001', raid({ id: 'zero' }));
      await events.append('1001', raid({ id: 'a' }));
      await events.append('1001', raid({ id: 'b' }));
      const reset: Buffer[] = [];
      const bounded = await events.subscribe('1001', zero.cursor, (message) => reset.push(message));
      bounded.begin();
      expect(messages(reset)).toEqual([{ type: 'eventsReset', cursor: bounded.cursor }]);
      bounded.leave();
    });

    it('replays a stored event on request, marked replayed, and knows no unknown id', async () => {
      await events.append('1001', raid({ id: 'again' }));
      const sent: Buffer[] = [];
      const subscription = await events.subscribe('1001', undefined, (message) => sent.push(message));
      subscription.begin();
      expect(await events.replay('1001', 'nope')).toBeUndefined();
      expect(await events.replay('1001', 'again')).toMatchObject({ id: 'again', replayed: true });
      await until(() => sent.length >= 1);
      expect(messages(sent).map((m) => [m.event?.id, m.event?.replayed])).toEqual([['again', true]]);
      subscription.leave();
    });
  });
}

/** Waits for messages that travel through Redis. */
async function until(done: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
