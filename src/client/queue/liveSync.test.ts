import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataChange } from './DataChange.ts';
import { type LocalStore, openLocalStore } from '../storage/index.ts';
import { json } from '../testing/fakeFetch.ts';
import { FakeServer } from '../testing/FakeServer.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';

const MOD = 'demo.tool.counter';
let world: QueueWorld;

afterEach(() => world?.close());

/** Two tabs of one overlay with live sync; the first holds the connection, which is open and ready. */
async function twoLiveTabs() {
  world = new QueueWorld();
  const a = world.tab({ live: world.live });
  const b = world.tab({ live: world.live });
  await a.queue.start();
  await b.queue.start();
  await vi.waitFor(() => expect(world.sockets.all).toHaveLength(1));
  world.sockets.last.open();
  world.sockets.last.message({ type: 'ready', cursor: 'c0' });
  const heard = { a: [] as DataChange[], b: [] as DataChange[] };
  a.data.onChange((change) => heard.a.push(change));
  b.data.onChange((change) => heard.b.push(change));
  await vi.waitFor(() => expect(b.data.status().live).toBe('live'));
  return { a, b, heard, socket: world.sockets.last };
}

let cursor = 0;
function serverWrite(moduleId: string, name: string, value: unknown, from: string) {
  world.server.values.set(`${moduleId}/${name}`, value as never);
  world.sockets.last.message({ type: 'change', cursor: `c${++cursor}`, moduleId, name, value, from });
}

describe('live sync across the tabs of one overlay', () => {
  it('hands the alert state (a ready\'s too) and commands to both tabs once, dropping a state older than one heard; a later tab hears the newest', async () => {
    world = new QueueWorld();
    const heard = { a: [] as unknown[], b: [] as unknown[] };
    const a = world.tab({ live: world.live, alerts: (message) => heard.a.push(message) });
    const b = world.tab({ live: world.live, alerts: (message) => heard.b.push(message) });
    await a.queue.start();
    await b.queue.start();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(1));
    world.sockets.last.open();
    const stored = { state: { paused: false, muted: false, showing: null, waiting: 0 }, revision: { epoch: 'e1', n: 1 } };
    world.sockets.last.message({ type: 'ready', cursor: 'c0', alerts: stored });
    const state = { type: 'alerts', state: { paused: false, muted: true, showing: null, waiting: 0 }, revision: { epoch: 'e1', n: 2 } };
    const skip = { type: 'alertCommand', command: 'skip', id: 'skip-1' };
    world.sockets.last.message(state);
    world.sockets.last.message(skip);
    const ready = { type: 'alerts', ...stored };
    // The holder's answer to b's hello may come after these (it repeats the newest state): not news, the state is the same.
    await vi.waitFor(() => expect(heard.b.slice(0, 3)).toEqual([ready, state, skip]));
    for (const later of heard.b.slice(3)) expect(later).toEqual(state);
    expect(heard.a).toEqual([ready, state, skip]);
    // A tab that starts later hears the newest state in the holder's answer to its hello, not an older one that came after it.
    world.sockets.last.message({ ...state, state: { ...state.state, muted: false }, revision: { epoch: 'e1', n: 1 } });
    const late: unknown[] = [];
    const c = world.tab({ live: world.live, alerts: (message) => late.push(message) });
    await c.queue.start();
    await vi.waitFor(() => expect(late).toEqual([state]));
    // The older state was not news: neither tab heard it.
    expect(heard.a).toEqual([ready, state, skip]);
    for (const later of heard.b.slice(3)) expect(later).toEqual(state);
    // A store that lost its state (a memory store restarted) counts again under a new epoch: its ready is taken.
    world.sockets.last.message({ type: 'ready', cursor: 'c1', alerts: { ...stored, revision: { epoch: 'e2', n: 0 } } });
    expect(heard.a.at(-1)).toEqual({ type: 'alerts', ...stored, revision: { epoch: 'e2', n: 0 } });
  });

  it('holds one connection in the flusher tab; both tabs go live and hear an outside write once', async () => {
    const { a, b, heard } = await twoLiveTabs();
    expect(a.data.status().live).toBe('live');
    serverWrite(MOD, 'count', 5, 'dashboard.remote');
    const expected = { moduleId: MOD, name: 'count', value: 5, from: 'dashboard.remote', remote: true };
    await vi.waitFor(() => expect(heard.b).toEqual([expected]));
    expect(heard.a).toEqual([expected]);
    expect(await b.data.get(MOD, 'count')).toBe(5);
    expect(world.sockets.all).toHaveLength(1);
  });

  it('never tells the page of the echo of its own writes, from either tab', async () => {
    const { a, b, heard } = await twoLiveTabs();
    await b.data.set(MOD, 'count', 1);
    await a.data.set('other.mod', `${MOD}:count`, 2);
    await vi.waitFor(() => expect(heard.a).toHaveLength(2));
    await a.queue.flush();
    // The two writes coalesced: the server took the last one only.
    expect(world.server.stored.map((write) => write.value)).toEqual([2]);
    serverWrite(MOD, 'count', 2, 'other.mod');
    serverWrite(MOD, 'count', 3, 'outside.writer');
    await vi.waitFor(() => expect(heard.b.at(-1)?.value).toBe(3));
    expect(heard.a.map((change) => change.value).sort()).toEqual([1, 2, 3]);
    expect(heard.b.map((change) => change.value).sort()).toEqual([1, 2, 3]);
  });

  it('keeps a pending local value against changes the server ordered before it, then follows the server', async () => {
    const { a, heard } = await twoLiveTabs();
    world.server.hold();
    await a.data.set(MOD, 'count', 10);
    const flushing = a.queue.flush();
    serverWrite(MOD, 'count', 4, 'outside.writer');
    expect(heard.a.map((change) => change.value)).toEqual([10]);
    expect(await a.data.get(MOD, 'count')).toBe(10);
    world.server.release();
    await flushing;
    serverWrite(MOD, 'count', 10, MOD);
    serverWrite(MOD, 'count', 11, 'outside.writer');
    await vi.waitFor(() => expect(heard.a.map((change) => change.value)).toEqual([10, 11]));
  });

  it('holds a change that arrives while a write is being stored: the server orders it before the write', async () => {
    const { a, heard } = await twoLiveTabs();
    // The module wrote 35; another browser's 32, sent before it, is announced while 35 is still being stored.
    const storing = a.data.set(MOD, 'count', 35);
    serverWrite(MOD, 'count', 32, 'other.browser');
    await storing;
    await a.queue.flush();
    expect(world.server.value(MOD, 'count')).toBe(35);
    serverWrite(MOD, 'count', 35, MOD);
    serverWrite(MOD, 'count', 36, 'outside.writer');
    await vi.waitFor(() => expect(heard.a.at(-1)?.value).toBe(36));
    // The writing module never hears its own 35 again: a 32 told after it would be the last value it shows.
    expect(heard.a.map((change) => change.value)).toEqual([35, 36]);
  });

  it('a tab that writes a key does not tell a change the holder relayed before it heard of the write', async () => {
    const { a, b, heard } = await twoLiveTabs();
    await b.data.set(MOD, 'count', 35);
    // The holder hears 32 before the news of b's write: it tells its modules and relays it.
    serverWrite(MOD, 'count', 32, 'other.browser');
    await vi.waitFor(() => expect(heard.a.map((change) => change.value)).toContain(35));
    await a.queue.flush();
    expect(world.server.value(MOD, 'count')).toBe(35);
    serverWrite(MOD, 'count', 35, MOD);
    serverWrite(MOD, 'count', 36, 'outside.writer');
    await vi.waitFor(() => expect(heard.b.at(-1)?.value).toBe(36));
    expect(heard.b.map((change) => change.value)).toEqual([35, 36]);
    expect(heard.a.map((change) => change.value)).toEqual([32, 35, 36]);
  });

  it('waits for an echo that comes after the answer (another instance), dropping what the server ordered before it', async () => {
    const { a, b, heard } = await twoLiveTabs();
    await b.data.set(MOD, 'count', 20);
    await vi.waitFor(() => expect(heard.a).toHaveLength(1));
    await a.queue.flush();
    expect(world.server.value(MOD, 'count')).toBe(20);
    serverWrite(MOD, 'count', 19, 'outside.writer');
    serverWrite(MOD, 'count', 20, MOD);
    serverWrite(MOD, 'count', 21, 'outside.writer');
    await vi.waitFor(() => expect(heard.b.map((change) => change.value)).toEqual([20, 21]));
    expect(heard.a.map((change) => change.value)).toEqual([20, 21]);
    expect(await a.data.get(MOD, 'count')).toBe(21);
  });

  it('applies the held changes when the local write is refused for good', async () => {
    const { a, heard } = await twoLiveTabs();
    world.server.hold();
    await a.data.set(MOD, 'count', 'refused');
    world.server.script.push(() => new Response(JSON.stringify({ code: 400, message: 'no' }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    const flushing = a.queue.flush();
    serverWrite(MOD, 'count', 30, 'outside.writer');
    world.server.release();
    await flushing;
    await vi.waitFor(() => expect(heard.a.map((change) => change.value)).toEqual(['refused', 30]));
  });

  it('on reset re-reads the keys the modules use and tells what changed', async () => {
    const { a, b, heard } = await twoLiveTabs();
    world.server.values.set(`${MOD}/count`, 1);
    world.server.values.set(`${MOD}/label`, 'x');
    expect(await a.data.get(MOD, 'count')).toBe(1);
    expect(await b.data.get(MOD, 'label')).toBe('x');
    world.server.values.set(`${MOD}/count`, 2);
    world.server.values.set(`${MOD}/label`, 'y');
    world.sockets.last.message({ type: 'reset', cursor: 'c99' });
    // Each tab re-reads its own modules' keys; what the holder finds, it relays.
    await vi.waitFor(() => expect(heard.b.map((change) => change.value).sort()).toEqual([2, 'y']));
    await vi.waitFor(() => expect(heard.a.map((change) => change.value)).toEqual([2]));
    expect(heard.b.every((change) => change.from === '' && change.remote)).toBe(true);
  });

  it('a new flusher takes the connection over when the old one stops', async () => {
    const { a, b } = await twoLiveTabs();
    a.queue.stop();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(2));
    expect(world.sockets.all[0].closed).not.toBeNull();
    world.sockets.last.open();
    // The cursor stayed with the old tab: the new holder starts fresh and re-reads what its modules use.
    expect(world.sockets.last.sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    world.sockets.last.message({ type: 'ready', cursor: 'c0' });
    await vi.waitFor(() => expect(b.data.status().live).toBe('live'));
  });
});

describe('a read that crosses a live change', () => {
  /** One live tab whose local store can hold back the saving of a value read from the server. */
  async function liveTabWithGate() {
    world = new QueueWorld();
    const inner = openLocalStore({ useStore: world.useStore, clock: world.clock, onFallback: () => undefined });
    const gate = { armed: false, hit: false, open: Promise.resolve(), release: (): void => undefined };
    const store: LocalStore = Object.create(inner);
    store.update = (keys, decide) => {
      const readSaved = gate.armed && keys.some((key) => key[0] === 'c' && key[4] === 'count');
      if (!readSaved) return inner.update(keys, decide);
      gate.armed = false;
      gate.hit = true;
      return gate.open.then(() => inner.update(keys, decide));
    };
    const a = world.tab({ live: world.live, store });
    await a.queue.start();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(1));
    world.sockets.last.open();
    world.sockets.last.message({ type: 'ready', cursor: 'c0' });
    await vi.waitFor(() => expect(a.data.status().live).toBe('live'));
    const heard: DataChange[] = [];
    a.data.onChange((change) => heard.push(change));
    /** The next saving of `count` waits until `release` is called; `reached` tells whether it started. */
    const holdReadSave = () => {
      gate.armed = true;
      gate.open = new Promise<void>((resolve) => (gate.release = resolve));
      return { reached: () => gate.hit, release: () => gate.release() };
    };
    return { a, heard, holdReadSave };
  }

  it('answers the value the modules were told while the answer was on its way (key by key, as on the hosted API)', async () => {
    const { a, heard } = await liveTabWithGate();
    world.server.valuesEndpoint = false;
    let deliver: () => void = () => undefined;
    const late = new Promise<void>((resolve) => (deliver = resolve));
    // The values endpoint is asked once (404); then the key's read: the server answers "never set" at once, the page gets it late.
    world.server.script.push(FakeServer.pass, () => {
      const answer = json(404, { code: 404, message: 'never set' });
      return late.then(() => answer);
    });
    const reading = a.data.get(MOD, 'count');
    await vi.waitFor(() => expect(world.server.net.calls).toHaveLength(2));
    serverWrite(MOD, 'count', 7, 'outside.writer');
    await vi.waitFor(() => expect(heard.map((change) => change.value)).toEqual([7]));
    deliver();
    // The module was told 7: the read must not take it back to "never set" (a module would show 0 from then on).
    expect(await reading).toBe(7);
  });

  it('answers the value the modules were told while the read was being saved (module snapshot, as on the reference server)', async () => {
    const { a, heard, holdReadSave } = await liveTabWithGate();
    const { reached, release } = holdReadSave();
    const reading = a.data.get(MOD, 'count');
    // The snapshot (no count yet) is in; while the page saves what it read, an outside write's change arrives.
    await vi.waitFor(() => expect(reached()).toBe(true));
    world.clock.advance(1);
    serverWrite(MOD, 'count', 7, 'outside.writer');
    await vi.waitFor(() => expect(heard.map((change) => change.value)).toEqual([7]));
    release();
    expect(await reading).toBe(7);
    expect(await a.data.get(MOD, 'count')).toBe(7);
  });
});

describe('without the live endpoint', () => {
  it('polls the keys the modules read or wrote every 5 s and tells what changed', async () => {
    world = new QueueWorld();
    world.sockets.probeStatus = 404;
    const a = world.tab({ live: world.live });
    await a.queue.start();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(1));
    world.sockets.last.end(1006);
    await vi.waitFor(() => expect(a.data.status().live).toBe('polling'));
    const heard: DataChange[] = [];
    a.data.onChange((change) => heard.push(change));
    world.server.values.set(`${MOD}/count`, 1);
    expect(await a.data.get(MOD, 'count')).toBe(1);
    world.server.values.set(`${MOD}/count`, 7);
    world.server.values.set(`${MOD}/unread`, 7);
    world.clock.advance(5000);
    await vi.waitFor(() => expect(heard).toEqual([{ moduleId: MOD, name: 'count', value: 7, from: '', remote: true }]));
    world.clock.advance(5000);
    await Promise.resolve();
    expect(heard).toHaveLength(1);
  });
});
