import { describe, expect, it } from 'vitest';
import { BridgeHub, STATUS_EVENT_MS } from './BridgeHub.ts';
import { HOST_LIMITS } from './HostLimits.ts';
import { FakeModuleData } from './testing/FakeModuleData.ts';
import { entry, hubs, setup } from './testing/hubFixture.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { collect, replyTo, until } from './testing/portHelpers.ts';

describe('BridgeHub handshake', () => {
  it('welcomes a hello from the frame window with the right instance, and nothing else', () => {
    const { hub, frames, hello } = setup();
    hub.mount(entry('mod.a'));
    hub.mount(entry('mod.b'));
    const a = frames.live('mod.a')[0]!;
    const reply = () => {
      throw new Error('must not welcome');
    };
    hub.handleWindowMessage({}, { v: 1, k: 'hello', instance: a.instance, session: 's' }, reply);
    hub.handleWindowMessage(frames.live('mod.b')[0]!.window, { v: 1, k: 'hello', instance: a.instance, session: 's' }, reply);
    expect(hello('mod.a', 's', { instance: 'guessed' })).toBeUndefined();
    expect(hello('mod.a', 's', { v: 2 })).toBeUndefined();
    const welcome = hello('mod.a');
    expect(welcome?.message).toEqual({ v: 1, k: 'welcome', instance: a.instance, heartbeatMs: 5000 });
    expect(hub.states().map((state) => [state.id, state.phase])).toEqual([
      ['mod.a', 'ready'],
      ['mod.b', 'connecting'],
    ]);
  });

  it('ignores repeats of a hello, and gives a reloaded page a fresh port', async () => {
    const { hub, hello, clock } = setup();
    hub.mount(entry('mod.a'));
    const first = hello('mod.a', 'page-1')!;
    expect(hello('mod.a', 'page-1')).toBeUndefined();
    clock.advance(1000);
    const second = hello('mod.a', 'page-2')!;
    expect(second.port).not.toBe(first.port);
    const reply = replyTo(second.port, 1);
    second.port.postMessage({ v: 1, k: 'req', id: 1, m: 'db.get', p: { key: 'x' } });
    expect(await reply).toMatchObject({ id: 1, ok: true });
    const old = collect(first.port);
    first.port.postMessage({ v: 1, k: 'req', id: 2, m: 'db.get', p: { key: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(old.filter((message) => message.k === 'res')).toEqual([]);
  });
});

describe('BridgeHub fan-out', () => {
  it('tells a module of changes to its keys made by other modules only', async () => {
    const { hub, hello, data } = setup();
    hub.mount(entry('mod.a'));
    hub.mount(entry('mod.b'));
    const a = collect(hello('mod.a')!.port);
    const b = hello('mod.b')!.port;
    const reply = replyTo(b, 1);
    b.postMessage({ v: 1, k: 'req', id: 1, m: 'db.set', p: { key: 'mod.a:goal', json: '10' } });
    await reply;
    data.changed({ moduleId: 'mod.a', name: 'own', value: 1, from: 'mod.a' });
    data.changed({ moduleId: 'mod.c', name: 'x', value: 1, from: 'mod.b' });
    await until(() => a.some((message) => message.n === 'change'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(a.filter((message) => message.n === 'change')).toEqual([
      { k: 'evt', n: 'change', d: { key: 'goal', value: 10, from: 'mod.b' }, c: 0 },
    ]);
  });

  it('names in each change the last call the module had made when the change was sent', async () => {
    const { hub, hello, data } = setup();
    hub.mount(entry('mod.a'));
    const a = hello('mod.a')!.port;
    const heard = collect(a);
    const reply = replyTo(a, 7);
    a.postMessage({ v: 1, k: 'req', id: 7, m: 'db.get', p: { key: 'x' } });
    await reply;
    data.changed({ moduleId: 'mod.a', name: 'goal', value: 1, from: 'mod.b' });
    await until(() => heard.some((message) => message.n === 'change'));
    expect(heard.filter((message) => message.n === 'change')).toEqual([{ k: 'evt', n: 'change', d: { key: 'goal', value: 1, from: 'mod.b' }, c: 7 }]);
  });

  it('tells a module of its own key written by its copy in another tab', async () => {
    const { hub, hello, data } = setup();
    hub.mount(entry('mod.a'));
    const a = collect(hello('mod.a')!.port);
    data.changed({ moduleId: 'mod.a', name: 'local', value: 1, from: 'mod.a' });
    data.changed({ moduleId: 'mod.a', name: 'score', value: 7, from: 'mod.a', remote: true });
    await until(() => a.some((message) => message.n === 'change'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(a.filter((message) => message.n === 'change')).toEqual([
      { k: 'evt', n: 'change', d: { key: 'score', value: 7, from: 'mod.a' }, c: 0 },
    ]);
  });

  it('sends each module the status with only its own failed writes', async () => {
    const { hub, hello, data } = setup();
    hub.mount(entry('mod.a'));
    hub.mount(entry('mod.b'));
    const a = collect(hello('mod.a')!.port);
    const b = collect(hello('mod.b')!.port);
    const failure = { code: 'BAD_REQUEST' as const, message: 'refused' };
    data.setStatus({
      online: false,
      pending: 2,
      failed: [
        { moduleId: 'mod.a', name: 'x', from: 'mod.a', ...failure },
        { moduleId: 'mod.a', name: 'y', from: 'mod.b', ...failure },
      ],
    });
    await until(() => a.length === 2 && b.length === 2);
    expect(a[0]).toEqual({ k: 'evt', n: 'status', d: { online: true, pending: 0, failed: [], live: 'connecting' } });
    expect(a[1]?.d).toEqual({ online: false, pending: 2, failed: [{ key: 'x', ...failure }], live: 'connecting' });
    expect(b[1]?.d).toEqual({ online: false, pending: 2, failed: [{ key: 'mod.a:y', ...failure }], live: 'connecting' });
  });

  it('folds a burst of status changes: the first at once, the newest at the end of the window', async () => {
    const { hub, hello, data, clock } = setup();
    hub.mount(entry('mod.a'));
    const a = collect(hello('mod.a')!.port);
    for (let pending = 100; pending >= 0; pending--) data.setStatus({ pending });
    await until(() => a.length === 2);
    clock.advance(STATUS_EVENT_MS);
    await until(() => a.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(a.map((message) => message.d)).toEqual([
      { online: true, pending: 0, failed: [], live: 'connecting' },
      { online: true, pending: 100, failed: [], live: 'connecting' },
      { online: true, pending: 0, failed: [], live: 'connecting' },
    ]);
  });

  it('emits profile without credentials, and visibility, to every connected module', async () => {
    const { hub, hello } = setup();
    hub.mount(entry('mod.a'));
    hub.mount(entry('mod.b'));
    const a = collect(hello('mod.a')!.port);
    hub.emit('profile', { user: { userName: 'ana' }, overlays: { tool: 'secret' }, streamdeck: { token: 'secret' } });
    hub.emit('profile', undefined);
    hub.emit('hidden');
    await until(() => a.length === 3);
    expect(a.slice(1)).toEqual([
      { k: 'evt', n: 'profile', d: { user: { userName: 'ana' }, streamdeck: {} } },
      { k: 'evt', n: 'hidden', d: undefined },
    ]);
    const b = collect(hello('mod.b')!.port);
    await until(() => b.length === 2);
    expect(b[1]).toEqual({ k: 'evt', n: 'hidden', d: undefined });
  });
});

describe('BridgeHub hostile frames', () => {
  it('counts messages of frames nested in a module frame against that module', () => {
    const { hub, frames } = setup({ maxMessagesPerSecond: 10 });
    hub.mount(entry('mod.a'));
    const child = { parent: frames.live('mod.a')[0]!.window };
    const grandchild = { parent: child };
    const parentOf = (window: unknown) => (window as { parent?: unknown }).parent;
    const reply = () => {
      throw new Error('a nested frame must never be welcomed');
    };
    for (let i = 0; i < 11; i += 1) {
      hub.handleWindowMessage(grandchild, { v: 1, k: 'hello', instance: 'instance-1', session: `s${i}` }, reply, parentOf);
    }
    expect(hub.states()[0]).toMatchObject({ phase: 'restarting', lastError: expect.stringContaining('flooding') });
  });

  it('charges a module for frames nested deeper than any fixed limit, up to the top window', () => {
    const { hub, frames } = setup({ maxMessagesPerSecond: 10 });
    hub.mount(entry('mod.a'));
    const top = {} as { parent?: unknown };
    top.parent = top;
    (frames.live('mod.a')[0]!.window as { parent?: unknown }).parent = top;
    let deep: unknown = frames.live('mod.a')[0]!.window;
    for (let depth = 0; depth < 40; depth += 1) deep = { parent: deep };
    const parentOf = (window: unknown) => (window as { parent?: unknown }).parent;
    for (let i = 0; i < 11; i += 1) hub.handleWindowMessage(deep, { junk: i }, () => {}, parentOf);
    expect(hub.states()[0]).toMatchObject({ phase: 'restarting', lastError: 'flooding: too many messages to the page' });
  });

  it('counts bytes too: a few huge messages through a nested frame are a flood', () => {
    const { hub, frames } = setup({ maxBytesPerSecond: 1_000_000 });
    hub.mount(entry('mod.a'));
    const child = { parent: frames.live('mod.a')[0]!.window };
    const parentOf = (window: unknown) => (window as { parent?: unknown }).parent;
    for (let i = 0; i < 4; i += 1) hub.handleWindowMessage(child, 'x'.repeat(300_000), () => {}, parentOf);
    expect(hub.states()[0]).toMatchObject({ phase: 'restarting', lastError: 'flooding: too many bytes to the page' });
  });

  it('puts senders of no module on one shared budget, then drops them at the door for the rest of the second', () => {
    const { hub, clock } = setup({ maxMessagesPerSecond: 5 });
    hub.mount(entry('mod.a'));
    let walks = 0;
    const parentOf = (window: unknown) => {
      walks += 1;
      return window;
    };
    const strangers = Array.from({ length: 4 }, () => ({}));
    for (let i = 0; i < 20; i += 1) hub.handleWindowMessage(strangers[i % 4], { junk: i }, () => {}, parentOf);
    expect(walks).toBe(6);
    expect(hub.states()[0]!.phase).toBe('connecting');
    clock.advance(1000);
    hub.handleWindowMessage(strangers[0], { junk: 'later' }, () => {}, parentOf);
    expect(walks).toBe(7);
  });

  it('counts a frame that cannot be created as a failure, and keeps the others', () => {
    const { hub } = setup();
    hub.mount(entry('mod.ok'));
    const broken = new BridgeHub({
      data: new FakeModuleData(),
      kind: 'tool',
      getProfile: async () => ({}) as never,
      createFrame: () => {
        throw new TypeError('Invalid URL');
      },
      limits: HOST_LIMITS,
      clock: new ManualClock(0),
      random: () => 1,
      randomId: () => 'i',
      createChannel: () => new MessageChannel(),
    });
    hubs.push(broken);
    broken.mount(entry('mod.bad'));
    expect(broken.states()[0]).toMatchObject({ phase: 'restarting', lastError: 'the frame could not be created: Invalid URL' });
    expect(hub.states()[0]).toMatchObject({ id: 'mod.ok', phase: 'connecting' });
  });
});
