import { describe, expect, it } from 'vitest';
import { type StreamEvent, testEventBody } from '../api/index.ts';
import type { EventFeed } from '../client/index.ts';
import { ACTIVITY_SIZE, ActivityModel } from './ActivityModel.ts';
import { describeEvent } from './describeEvent.ts';

const record = (n: number, extra: Partial<StreamEvent> = {}): StreamEvent => {
  const body = testEventBody('channel.cheer', { userName: `fan${n}`, amount: n });
  return { id: `e${n}`, at: n, source: 'api', test: true, subscription: { type: body.type, version: body.version }, event: body.event, ...extra };
};

/** A feed the test drives: `push` plays the live events. */
function fakeFeed() {
  let listener: ((events: StreamEvent[]) => void) | null = null;
  const listen = (fn: (events: StreamEvent[]) => void) => {
    listener = fn;
    return () => {
      listener = null;
    };
  };
  const feed = { listen } as unknown as EventFeed;
  return { feed, push: (events: StreamEvent[]) => listener?.(events) };
}

describe('ActivityModel', () => {
  it('shows the history and live events newest first, each once, at most 50', async () => {
    const { feed, push } = fakeFeed();
    const model = new ActivityModel({ listEvents: async () => ({ events: [record(1), record(2)], cursor: '2', gap: false }), replayEvent: async () => {} });
    const starting = model.start(feed);
    push([record(2), record(3)]);
    await starting;
    expect(model.entries.value.map((e) => e.record.id)).toEqual(['e3', 'e2', 'e1']);
    push(Array.from({ length: 60 }, (_, i) => record(10 + i)));
    expect(model.entries.value).toHaveLength(ACTIVITY_SIZE);
    expect(model.entries.value[0]?.record.id).toBe('e69');
    push([record(69, { replayed: true })]);
    expect(model.entries.value.slice(0, 2).map((e) => e.record.id)).toEqual(['e69', 'e69']);
  });

  it('says why when the history cannot be read or a replay is refused', async () => {
    const model = new ActivityModel({
      listEvents: async () => Promise.reject(new Error('offline')),
      replayEvent: async () => Promise.reject(new Error('unknown event')),
    });
    await model.start(undefined);
    expect(model.problem.value).toBe('cannot read the events: offline');
    await model.replay('nope');
    expect(model.problem.value).toBe('replay failed: unknown event');
  });
});

describe('describeEvent', () => {
  it('names what, who and how much for each test type', () => {
    expect(describeEvent(record(500))).toEqual({ what: 'Cheer', who: 'fan500', amount: '500 bits' });
    const raid = testEventBody('channel.raid', { userName: 'Raider', amount: 12 });
    expect(describeEvent({ ...record(1), subscription: { type: raid.type, version: '1' }, event: raid.event })).toEqual({ what: 'Raid', who: 'Raider', amount: '12 viewers' });
    const custom = { ...record(1), subscription: { type: 'custom.next-question', version: '1' }, event: {} };
    expect(describeEvent(custom)).toEqual({ what: 'custom.next-question', who: '', amount: '' });
  });
});
