import { describe, expect, it } from 'vitest';
import { entry, setup } from './testing/hubFixture.ts';
import { replyTo, until } from './testing/portHelpers.ts';

describe('BridgeHub lifecycle', () => {
  it('restarts a module without hello with growing delays, then gives up', () => {
    const { hub, frames, clock, states } = setup({ helloTimeoutMs: 100, restartBaseMs: 1000, maxRestarts: 2 });
    hub.mount(entry('mod.a'));
    clock.advance(100);
    expect(hub.states()[0]).toMatchObject({ phase: 'restarting', lastError: expect.stringContaining('no hello') });
    expect(frames.live('mod.a')).toEqual([]);
    clock.advance(1000);
    expect(hub.states()[0]).toMatchObject({ phase: 'connecting', restarts: 1 });
    clock.advance(100 + 2000 + 100);
    expect(hub.states()[0]).toMatchObject({ phase: 'crashed', restarts: 2 });
    expect(states.map((state) => state.phase)).toEqual([
      'connecting',
      'restarting',
      'connecting',
      'restarting',
      'connecting',
      'crashed',
    ]);
    hub.reload('mod.a');
    expect(hub.states()[0]).toMatchObject({ phase: 'connecting' });
  });

  it('restarts a hung module and leaves the others running', async () => {
    const { hub, hello, clock, frames } = setup({ heartbeatMs: 100, missedHeartbeats: 2 });
    hub.mount(entry('mod.hung'));
    hub.mount(entry('mod.ok'));
    hello('mod.hung');
    const ok = hello('mod.ok')!.port;
    ok.addEventListener('message', (event: MessageEvent) => {
      if (event.data.k === 'ping') ok.postMessage({ k: 'pong', t: event.data.t });
    });
    const tick = async (times: number) => {
      for (let i = 0; i < times; i += 1) {
        clock.advance(100);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    await tick(4);
    expect(hub.states().map((state) => state.phase)).toEqual(['restarting', 'ready']);
    expect(frames.live('mod.hung')).toEqual([]);
    await tick(10);
    expect(frames.live('mod.hung')).toHaveLength(1);
    expect(hub.states().map((state) => state.phase)).toEqual(['connecting', 'ready']);
    const reply = replyTo(ok, 1);
    ok.postMessage({ v: 1, k: 'req', id: 1, m: 'ready' });
    expect(await reply).toMatchObject({ ok: true, r: { id: 'mod.ok', kind: 'tool' } });
  });

  it('removes modules that fell silent together, blaming only the latest connected', async () => {
    const { hub, hello, clock } = setup({ heartbeatMs: 100, missedHeartbeats: 3 });
    for (const id of ['mod.blocked', 'mod.hung', 'mod.ok', 'mod.loading']) hub.mount(entry(id));
    hello('mod.blocked');
    clock.advance(100);
    hello('mod.hung');
    const ok = hello('mod.ok')!.port;
    ok.addEventListener('message', (event: MessageEvent) => {
      if (event.data.k === 'ping') ok.postMessage({ k: 'pong', t: event.data.t });
    });
    for (let i = 0; i < 3; i += 1) {
      clock.advance(100);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const blocked = 'blocked while mod.hung failed (frames may share a process)';
    expect(hub.states().map((state) => [state.id, state.phase, state.lastError])).toEqual([
      ['mod.blocked', 'restarting', blocked],
      ['mod.hung', 'restarting', 'hung: 3 heartbeats unanswered'],
      ['mod.ok', 'ready', null],
      ['mod.loading', 'restarting', blocked],
    ]);
  });

  it('blames a module that just failed, not the modules it blocked', async () => {
    const { hub, hello, clock } = setup({ heartbeatMs: 100, missedHeartbeats: 3, maxMessagesPerSecond: 5 });
    hub.mount(entry('mod.victim'));
    hub.mount(entry('mod.flood'));
    hello('mod.victim');
    const flood = hello('mod.flood')!.port;
    for (let i = 0; i < 10; i += 1) flood.postMessage({ junk: i });
    await until(() => hub.states()[1]?.phase === 'restarting');
    clock.advance(400);
    expect(hub.states()[0]).toMatchObject({ phase: 'restarting', lastError: expect.stringContaining('blocked while mod.flood failed') });
    clock.advance(1000);
    expect(hub.states()[0]).toMatchObject({ phase: 'connecting', restarts: 1 });
  });

  it('syncs: adds and removes modules, leaving those that stay untouched', () => {
    const { hub, frames, hello } = setup();
    hub.sync([entry('mod.a'), entry('mod.b')]);
    hello('mod.a');
    const frameA = frames.live('mod.a')[0];
    hub.sync([entry('mod.a'), { ...entry('mod.c'), width: 100 }]);
    expect(frames.live('mod.a')).toEqual([frameA]);
    expect(frames.live('mod.b')).toEqual([]);
    expect(hub.states().map((state) => [state.id, state.phase])).toEqual([
      ['mod.a', 'ready'],
      ['mod.c', 'connecting'],
    ]);
    hub.sync([{ ...entry('mod.a'), height: 200 }, entry('mod.c')]);
    expect(frames.live('mod.a')[0]).toBe(frameA);
    expect(frameA?.entry.height).toBe(200);
  });

  it('reloads one module only, and lets go of everything on destroy', () => {
    const { hub, frames, data } = setup();
    hub.sync([entry('mod.a'), entry('mod.b')]);
    const [a, b] = [frames.live('mod.a')[0], frames.live('mod.b')[0]];
    hub.reload('mod.a');
    expect(a?.destroyed).toBe(true);
    expect(frames.live('mod.a')[0]?.instance).not.toBe(a?.instance);
    expect(frames.live('mod.b')).toEqual([b]);
    hub.destroy();
    expect(frames.created.every((frame) => frame.destroyed)).toBe(true);
    expect(data.listenerCount()).toBe(0);
  });
});
