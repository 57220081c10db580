import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelloSchema, type ModuleContext, SettingsSchema } from '../api/index.ts';
import { FakeModuleData } from '../host/testing/FakeModuleData.ts';
import { hostConnection } from '../host/testing/hostConnection.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { createOverlay } from './createOverlay.ts';

type Listener = (event: MessageEvent) => void;
const SETTINGS = SettingsSchema.parse({
  title: { type: 'text', label: 'Goal title', default: 'Sub goal' },
  goal: { type: 'number', label: 'Target', default: 100, min: 1 },
  percent: { type: 'boolean', label: 'Show percent', default: true },
});
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const run of cleanup.splice(0)) run();
});

/** A module page without a browser: its parent records hellos, its window takes welcomes. */
function page(instance: string | null = 'inst-1', watchRefusals?: Parameters<typeof createOverlay>[0]['watchRefusals'], scriptsRan?: Promise<unknown>) {
  const clock = new ManualClock(0);
  const hellos: unknown[] = [];
  const listeners = new Set<Listener>();
  const parent = { postMessage: (message: unknown, origin: string) => hellos.push({ message, origin }) };
  const self = {
    addEventListener: (_type: 'message', listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: Listener) => listeners.delete(listener),
  };
  const overlay = createOverlay({ parent, self, instance, timers: clock, random: () => 0.5, watchRefusals, scriptsRan });
  const post = (source: unknown, data: unknown, ports: MessagePort[] = []) => {
    for (const listener of [...listeners]) listener({ source, data, ports } as unknown as MessageEvent);
  };
  return { clock, hellos, listeners, parent, overlay, post };
}

/** Welcomes the page and runs a real host connection for module `mod.a` on the other end. */
function welcome(target: ReturnType<typeof page>, data = new FakeModuleData(), context: ModuleContext = 'overlay', onReady?: () => void) {
  const channel = new MessageChannel();
  const profile = { user: { userName: 'ana' }, streamdeck: { token: 'secret' } } as never;
  const connection = hostConnection({
    port: channel.port1,
    moduleId: 'mod.a',
    data,
    profile,
    context,
    settingsOf: (id) => (id === 'mod.a' ? SETTINGS : undefined),
    onReady,
  });
  cleanup.push(() => connection.close(), () => channel.port2.close());
  target.post(target.parent, { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 5000 }, [channel.port2]);
  return { connection, data };
}

describe('createOverlay refusals', () => {
  it("tells the host each request the page's policy refused, once per origin, as the module", async () => {
    let refuse: (refusal: { directive: string; url: string }) => void = () => {};
    const target = page('inst-1', (report) => {
      refuse = report;
    });
    // Refused before the welcome: the report waits in the queue.
    refuse({ directive: 'connect-src', url: 'https://evil.example/collect?profile=x' });
    refuse({ directive: 'connect-src', url: 'https://evil.example/again' });
    const told: unknown[] = [];
    const channel = new MessageChannel();
    const connection = hostConnection({ port: channel.port1, moduleId: 'mod.a', onRefused: (id, refusal) => told.push({ id, ...refusal }) });
    cleanup.push(() => connection.close(), () => channel.port2.close());
    target.post(target.parent, { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 5000 }, [channel.port2]);
    await target.overlay.ready;
    refuse({ directive: 'img-src', url: 'https://evil.example/pixel.gif' });
    await vi.waitFor(() => expect(told).toHaveLength(2));
    expect(told).toEqual([
      { id: 'mod.a', directive: 'connect-src', url: 'https://evil.example/collect?profile=x' },
      { id: 'mod.a', directive: 'img-src', url: 'https://evil.example/pixel.gif' },
    ]);
  });
});

describe('createOverlay handshake', () => {
  it('says hello to the parent until a welcome from the parent arrives', () => {
    const target = page();
    target.clock.advance(50 + 100 + 200);
    expect(target.hellos).toHaveLength(4);
    for (const { message, origin } of target.hellos as { message: unknown; origin: string }[]) {
      expect(HelloSchema.parse(message)).toEqual({ v: 1, k: 'hello', instance: 'inst-1', session: 'ii' });
      expect(origin).toBe('*');
    }
    const { port1, port2 } = new MessageChannel();
    cleanup.push(() => port1.close());
    target.post({ sibling: true }, { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 1 }, [port1]);
    target.post(target.parent, { v: 1, k: 'welcome', instance: 'other', heartbeatMs: 1 }, [port1]);
    target.post(target.parent, { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 1 });
    expect(target.listeners.size).toBe(1);
    target.post(target.parent, { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 1 }, [port2]);
    expect(target.listeners.size).toBe(0);
    target.clock.advance(10_000);
    expect(target.hellos).toHaveLength(4);
  });

  it('stays quiet outside a host frame', () => {
    const target = page(null);
    target.clock.advance(5000);
    expect(target.hellos).toEqual([]);
  });
});

describe('createOverlay API', () => {
  it('refuses bad input up front, without a round trip', async () => {
    const { overlay, clock } = page();
    const code = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code: string }) => error.code);
    expect(await code(overlay.db.set('', 1))).toBe('BAD_REQUEST');
    expect(await code(overlay.db.get('not an id:x'))).toBe('BAD_REQUEST');
    expect(await code(overlay.db.get(42 as never))).toBe('BAD_REQUEST');
    expect(await code(overlay.db.set('k', 'x'.repeat(70_000)))).toBe('TOO_LARGE');
    expect(await code(overlay.db.set('k', { when: new Date() } as never))).toBe('BAD_REQUEST');
    expect(await code(overlay.db.set('k', (() => 1) as never))).toBe('BAD_REQUEST');
    expect(() => overlay.on('token' as never, () => {})).toThrow('unknown event "token"');
    expect(clock.pending()).toBe(1); // only the hello timer: nothing was queued
  });

  it('times out calls made while the host never answers', async () => {
    const { overlay, clock } = page();
    const pending = overlay.db.get('a').catch((error) => error.code);
    clock.advance(15_000);
    expect(await pending).toBe('TIMEOUT');
  });

  it('works end to end against the host connection', async () => {
    const target = page();
    const get = target.overlay.db.get('score');
    const { connection, data } = welcome(target);
    expect(await target.overlay.ready).toEqual({
      id: 'mod.a',
      kind: 'tool',
      profile: { user: { userName: 'ana' }, streamdeck: {} },
      context: 'overlay',
    });
    expect(await get).toBeUndefined();
    await target.overlay.db.set('score', { n: 3, tags: ['a'] });
    expect(data.calls.at(-1)).toEqual({ op: 'set', ownId: 'mod.a', key: 'score', value: { n: 3, tags: ['a'] } });
    expect(await target.overlay.db.get('score')).toEqual({ n: 3, tags: ['a'] });
    const changes: unknown[] = [];
    const change = new Promise((resolve) => target.overlay.on('change', (d) => resolve(changes.push(d))));
    connection.send('change', { key: 'score', value: 4, from: 'mod.b' });
    await change;
    expect(changes).toEqual([{ key: 'score', value: 4, from: 'mod.b' }]);
  });

  it('tells an alerts listener the switches at once, also one added later, and every change', async () => {
    const target = page();
    const { connection } = welcome(target);
    await target.overlay.ready;
    const early: unknown[] = [];
    target.overlay.on('alerts', (switches) => early.push(switches));
    connection.send('alerts', { paused: true, muted: false });
    await vi.waitFor(() => expect(early).toEqual([{ paused: true, muted: false }]));
    const late: unknown[] = [];
    target.overlay.on('alerts', (switches) => late.push(switches));
    expect(late).toEqual([]); // told in a microtask, never inside on()
    await Promise.resolve();
    expect(late).toEqual([{ paused: true, muted: false }]);
    connection.send('alerts', { paused: false, muted: true });
    await vi.waitFor(() => expect(late).toEqual([{ paused: true, muted: false }, { paused: false, muted: true }]));
  });

  it('hands an alert from the host to on(\'alert\'), with its muted mark', async () => {
    const target = page();
    const { connection } = welcome(target);
    await target.overlay.ready;
    const traffic: string[] = [];
    target.overlay.on('alert', (alert) => {
      traffic.push(`${alert.id} ${alert.muted} ${alert.signal.aborted}`);
      return new Promise<void>(() => {});
    });
    connection.send('alert', { n: 3, event: { id: 'e1', subscription: { type: 'channel.raid', version: '1' }, event: {} }, muted: true });
    await vi.waitFor(() => expect(traffic).toEqual(['e1 true false']));
  });

  it("says ready only once the page's own scripts have run: the alert handed over at ready reaches the listener they add", async () => {
    let scriptsRan = () => {};
    const target = page('inst-1', undefined, new Promise<void>((resolve) => (scriptsRan = resolve)));
    const raid = { id: 'e1', subscription: { type: 'channel.raid', version: '1' }, event: {} };
    const told: string[] = [];
    // As the host does: from ready on, the waiting alert goes out (a missed event, at the page's start).
    const { connection } = welcome(target, undefined, 'overlay', () => {
      told.push('ready');
      connection.send('alert', { n: 1, event: raid, muted: false });
    });
    // Connected while the module's own files still load: calls go through (the second one leaves once
    // connected, after a ready sent on connecting), but the module is not ready yet.
    await target.overlay.profile();
    await target.overlay.profile();
    expect(told).toEqual([]);
    const shown: string[] = [];
    target.overlay.on('alert', (alert) => void shown.push(alert.id));
    scriptsRan();
    await target.overlay.ready;
    await vi.waitFor(() => expect(shown).toEqual(['e1']));
  });

  it('reads settings: stored values merged with defaults, refused ones as the default', async () => {
    const target = page();
    const data = new FakeModuleData();
    data.values.set('mod.a/title', 'Bits');
    data.values.set('mod.a/goal', 0);
    welcome(target, data);
    expect(await target.overlay.settings()).toEqual({ title: 'Bits', goal: 100, percent: true });
  });

  it('tells a panel it runs in the dock', async () => {
    const target = page();
    welcome(target, new FakeModuleData(), 'panel');
    expect((await target.overlay.ready).context).toBe('panel');
  });
});

describe('a change of a key the module is writing', () => {
  /** The page with the test as its host: the test reads the calls and answers them itself. */
  async function hosted() {
    const target = page();
    const { port1: host, port2 } = new MessageChannel();
    cleanup.push(() => host.close());
    const calls: { id: number; m: string }[] = [];
    host.onmessage = (event) => {
      if (event.data.k === 'req') calls.push(event.data);
    };
    target.post(target.parent, { v: 1, k: 'welcome', instance: 'inst-1', heartbeatMs: 5000 }, [port2]);
    const heard: unknown[] = [];
    target.overlay.on('change', (change) => heard.push(change.value));
    await vi.waitFor(() => expect(calls.map((call) => call.m)).toEqual(['ready']));
    host.postMessage({ k: 'res', id: 1, ok: true, r: { id: 'mod.a', kind: 'tool', profile: {}, context: 'overlay' } });
    await target.overlay.ready;
    const change = (key: string, value: number, c: number) => host.postMessage({ k: 'evt', n: 'change', d: { key, value, from: 'mod.b' }, c });
    return { target, host, calls, heard, change };
  }

  it('is not told when the host sent it before it received the write: the write replaces it', async () => {
    const { target, host, calls, heard, change } = await hosted();
    const setting = target.overlay.db.set('count', 35);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // Sent before the host had call 2, the module's write: the server orders 32 before 35.
    change('count', 32, 1);
    change('other', 7, 1);
    host.postMessage({ k: 'res', id: 2, ok: true });
    await setting;
    change('count', 36, 2);
    await vi.waitFor(() => expect(heard).toEqual([7, 36]));
  });

  it('is told once the write fails, unless a newer change came meanwhile', async () => {
    const { target, host, calls, heard, change } = await hosted();
    const first = target.overlay.db.set('count', 40).catch((error) => error.code);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    change('count', 33, 1);
    host.postMessage({ k: 'res', id: 2, ok: false, e: { code: 'INTERNAL', message: 'no' } });
    expect(await first).toBe('INTERNAL');
    await vi.waitFor(() => expect(heard).toEqual([33]));
    const second = target.overlay.db.set('mod.a:count', 41).catch((error) => error.code);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    change('count', 34, 2);
    change('count', 35, 3);
    host.postMessage({ k: 'res', id: 3, ok: false, e: { code: 'INTERNAL', message: 'no' } });
    expect(await second).toBe('INTERNAL');
    await vi.waitFor(() => expect(heard).toEqual([33, 35]));
  });
});
