import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../api/index.ts';
import { EVENT_BATCH } from './EventOutbox.ts';
import { entry, setup } from './testing/hubFixture.ts';
import { collect, replyTo, until } from './testing/portHelpers.ts';

const record = (n: number): StreamEvent => ({
  id: `e${n}`,
  at: 1000 + n,
  source: 'api',
  test: false,
  subscription: { type: 'channel.cheer', version: '1' },
  event: { bits: n },
});

/** The ids of every event batch that reached a port, in arrival order. */
const eventIds = (messages: Record<string, unknown>[]) =>
  messages.filter((m) => m.k === 'evt' && m.n === 'event').flatMap((m) => (m.d as StreamEvent[]).map((e) => e.id));

/** Says `ready` on the port, as the SDK does once connected. */
async function sayReady(port: MessagePort, id = 1): Promise<void> {
  const reply = replyTo(port, id);
  port.postMessage({ v: 1, k: 'req', id, m: 'ready', p: {} });
  await reply;
}

describe('BridgeHub stream events', () => {
  it('holds events until the module is ready, then hands them over in order', async () => {
    const { hub, hello, clock } = setup();
    hub.mount(entry('mod.a'));
    hub.emitEvents([record(1), record(2)]);
    const port = hello('mod.a')!.port;
    const seen = collect(port);
    hub.emitEvents([record(3)]);
    clock.advance(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(eventIds(seen)).toEqual([]);
    await sayReady(port);
    clock.advance(0);
    await until(() => eventIds(seen).length === 3);
    expect(eventIds(seen)).toEqual(['e1', 'e2', 'e3']);
  });

  it('delivers a burst of 500 complete and in order, in batches, past a small flood budget', async () => {
    const { hub, hello, clock } = setup({ maxMessagesPerSecond: 10 });
    hub.mount(entry('mod.a'));
    const port = hello('mod.a')!.port;
    const seen = collect(port);
    await sayReady(port);
    for (let n = 0; n < 500; n += 1) hub.emitEvents([record(n)]);
    for (let i = 0; i < 10; i += 1) clock.advance(0);
    await until(() => eventIds(seen).length === 500);
    expect(eventIds(seen)).toEqual(Array.from({ length: 500 }, (_, n) => `e${n}`));
    const batches = seen.filter((m) => m.n === 'event');
    expect(batches.length).toBe(500 / EVENT_BATCH);
    expect(hub.states()[0]?.phase).toBe('ready');
  });

  it('keeps events that arrive while a module restarts for its next start, none twice', async () => {
    const { hub, hello, clock } = setup();
    hub.mount(entry('mod.a'));
    const first = hello('mod.a', 'page-1')!.port;
    const before = collect(first);
    await sayReady(first);
    hub.emitEvents([record(1)]);
    clock.advance(0);
    await until(() => eventIds(before).length === 1);
    hub.reload('mod.a');
    hub.emitEvents([record(2)]);
    clock.advance(1000);
    const second = hello('mod.a', 'page-2')!.port;
    const after = collect(second);
    await sayReady(second, 7);
    clock.advance(0);
    await until(() => eventIds(after).length === 1);
    expect(eventIds(after)).toEqual(['e2']);
    expect(eventIds(before)).toEqual(['e1']);
  });

  it('answers events.list with UNAVAILABLE when the page has no history to offer', async () => {
    const { hub, hello } = setup();
    hub.mount(entry('mod.a'));
    const port = hello('mod.a')!.port;
    const reply = replyTo(port, 1);
    port.postMessage({ v: 1, k: 'req', id: 1, m: 'events.list', p: { limit: 5 } });
    expect(await reply).toMatchObject({ ok: false, e: { code: 'UNAVAILABLE' } });
    const bad = replyTo(port, 2);
    port.postMessage({ v: 1, k: 'req', id: 2, m: 'events.list', p: { limit: 0 } });
    expect(await bad).toMatchObject({ ok: false, e: { code: 'BAD_REQUEST' } });
  });
});
