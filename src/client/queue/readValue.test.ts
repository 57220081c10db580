import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../testing/FakeServer.ts';
import { json } from '../testing/fakeFetch.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';
import { rejectionCode as codeOf } from '../testing/rejectionCode.ts';

const MOD = 'my.mod';
let world: QueueWorld;
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function started() {
  world = new QueueWorld();
  return world.startedTab();
}

afterEach(() => world?.close());

describe('reads', () => {
  it('sees its own pending write first, without asking the server', async () => {
    const { data } = await started();
    world.server.script.push(FakeServer.fail(503));
    await data.set(MOD, 'a', { n: 1 });
    expect(await data.get(MOD, 'a')).toEqual({ n: 1 });
    expect(await data.get('other.mod', `${MOD}:a`)).toEqual({ n: 1 });
    expect(world.server.net.calls).toHaveLength(0);
  });

  it('answers a pending key from memory, without a trip to IndexedDB, and a copy each time', async () => {
    const tab = await started();
    world.server.script.push(FakeServer.fail(503));
    await tab.data.set(MOD, 'a', { n: 1 });
    const reads = vi.spyOn(tab.store, 'get');
    const first = (await tab.data.get(MOD, 'a')) as { n: number };
    first.n = 99;
    expect(await tab.data.get(MOD, 'a')).toEqual({ n: 1 });
    expect(reads).not.toHaveBeenCalled();
  });

  it('asks the server, then falls back to the last confirmed value when it is out of reach', async () => {
    const { data } = await started();
    world.server.values.set(`${MOD}/a`, 'from server');
    expect(await data.get(MOD, 'a')).toBe('from server');
    world.server.script.push(offline);
    expect(await data.get(MOD, 'a')).toBe('from server');
    expect(data.status().online).toBe(false);
  });

  it('keeps a value confirmed by a write for offline reads', async () => {
    const { data, queue } = await started();
    await data.set(MOD, 'a', 5);
    await queue.flush();
    world.server.script.push(() => json(503, { code: 503, message: 'store down' }, { 'Retry-After': '5' }));
    expect(await data.get(MOD, 'a')).toBe(5);
  });

  it('returns undefined for a key the server never set, also later while offline', async () => {
    const { data } = await started();
    expect(await data.get(MOD, 'nothing')).toBeUndefined();
    world.server.script.push(offline);
    expect(await data.get(MOD, 'nothing')).toBeUndefined();
  });

  it('rejects UNAVAILABLE when nothing was ever confirmed and the server is out of reach', async () => {
    const { data } = await started();
    // Out of reach for the module's snapshot, then for the key.
    world.server.script.push(offline, offline);
    expect(await codeOf(data.get(MOD, 'unknown'))).toBe('UNAVAILABLE');
  });

  it('serves the confirmed value while the token is refused, else UNAUTHORIZED', async () => {
    const { data } = await started();
    world.server.values.set(`${MOD}/a`, 1);
    await data.get(MOD, 'a');
    world.server.script.push(FakeServer.fail(401), FakeServer.fail(401), FakeServer.fail(401));
    expect(await data.get(MOD, 'a')).toBe(1);
    // Another module's key: its snapshot and the key's read are both refused.
    expect(await codeOf(data.get(MOD, 'other.mod:b'))).toBe('UNAUTHORIZED');
  });

  it('passes on a refusal of the read itself', async () => {
    const { data } = await started();
    world.server.script.push(FakeServer.fail(400), FakeServer.fail(400));
    expect(await codeOf(data.get(MOD, 'a'))).toBe('BAD_REQUEST');
  });

  it('skips a parked write: the server refused it, so its value is the truth', async () => {
    const { data, queue } = await started();
    world.server.values.set(`${MOD}/a`, 'server');
    world.server.script.push(FakeServer.fail(400));
    await data.set(MOD, 'a', 'refused');
    await queue.flush();
    expect(await data.get(MOD, 'a')).toBe('server');
  });

  it('does not let an older read overwrite a newer confirmed write', async () => {
    const { data, queue } = await started();
    world.server.values.set(`${MOD}/a`, 'old');
    world.server.hold();
    const reading = data.get(MOD, 'a');
    world.clock.advance(10);
    world.server.release();
    await reading;
    world.server.script.push(offline);
    expect(await data.get(MOD, 'a')).toBe('old');
    await data.set(MOD, 'a', 'new');
    await queue.flush();
    world.server.script.push(offline);
    expect(await data.get(MOD, 'a')).toBe('new');
  });

  it('ends the auth pause when a read gets through with the current token', async () => {
    const { data, queue } = await started();
    world.server.script.push(FakeServer.fail(401));
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(queue.status.state.value).toBe('auth-required');
    await data.get(MOD, 'other');
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe(1);
    expect(queue.status.state.value).toBe('online');
  });

  it('wakes the queue when a read gets through during backoff', async () => {
    const { data, queue } = await started();
    world.server.script.push(offline);
    await data.set(MOD, 'a', 1);
    await queue.flush();
    expect(queue.status.state.value).toBe('offline');
    await data.get(MOD, 'other');
    await queue.flush();
    expect(world.server.value(MOD, 'a')).toBe(1);
    expect(queue.status.state.value).toBe('online');
  });
});
