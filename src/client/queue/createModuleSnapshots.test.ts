import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchCall } from '../testing/fakeFetch.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';
import { SNAPSHOT_TRUST_MS } from './createModuleSnapshots.ts';

const MOD = 'my.mod';
let world: QueueWorld;

function started() {
  world = new QueueWorld();
  world.server.values.set(`${MOD}/a`, 1);
  world.server.values.set(`${MOD}/b`, { n: 2 });
  world.server.values.set('other.mod/c', 'c');
  return world.startedTab();
}

afterEach(() => world?.close());

/** The requests made so far, as `GET values?id=…` or `GET key=…`. */
function requests(): string[] {
  return world.server.net.calls.map((call: FetchCall) => {
    const url = new URL(call.url);
    const query = url.searchParams;
    return url.pathname.endsWith('/values') ? `values ${query.get('id')}` : `${call.method} ${query.get('key') ?? ''}`;
  });
}

describe('reads at a module\'s start: one request per module', () => {
  it('reads all of a module\'s keys at its first read, and answers a key never set without a request, then and later', async () => {
    const { data } = await started();
    expect(await data.get(MOD, 'a')).toBe(1);
    expect(await data.get(MOD, 'b')).toEqual({ n: 2 });
    expect(await data.get(MOD, 'never')).toBeUndefined();
    expect(await data.get(MOD, 'never')).toBeUndefined();
    expect(requests()).toEqual([`values ${MOD}`]);
    // A key that is set is read from the server again after its first read.
    world.server.values.set(`${MOD}/a`, 10);
    expect(await data.get(MOD, 'a')).toBe(10);
    // Another module's key: that module's own snapshot.
    expect(await data.get(MOD, 'other.mod:c')).toBe('c');
    expect(requests()).toEqual([`values ${MOD}`, 'GET a', 'values other.mod']);
  });

  it('keeps read-your-writes: a write after the snapshot is read back, pending and once confirmed', async () => {
    const { data, queue } = await started();
    expect(await data.get(MOD, 'never')).toBeUndefined();
    world.server.hold();
    await data.set(MOD, 'never', 'now set');
    expect(await data.get(MOD, 'never')).toBe('now set');
    world.server.release();
    await queue.flush();
    const before = requests().length;
    expect(await data.get(MOD, 'never')).toBe('now set');
    // Set since the snapshot, and read once already: the server is asked, as for any set key.
    expect(requests().slice(before)).toEqual(['GET never']);
  });

  it('learns of a value confirmed after the snapshot (a write of another tab) before it trusts "never set"', async () => {
    const { data } = await started();
    expect(await data.get(MOD, 'a')).toBe(1);
    const other = world.tab();
    await other.queue.start();
    await other.data.set(MOD, 'late', 'from another tab');
    await other.queue.flush();
    other.queue.stop();
    expect(await data.get(MOD, 'late')).toBe('from another tab');
  });

  it('keeps the values it served for reads while the API is out of reach', async () => {
    const { data } = await started();
    expect(await data.get(MOD, 'b')).toEqual({ n: 2 });
    world.server.script.push(() => Promise.reject(new TypeError('offline')));
    expect(await data.get(MOD, 'b')).toEqual({ n: 2 });
  });

  it('asks again at the next read when the snapshot could not be taken', async () => {
    const { data } = await started();
    world.server.script.push(() => Promise.reject(new TypeError('offline')), () => Promise.reject(new TypeError('offline')));
    expect(await data.get(MOD, 'a').catch((error: Error) => error.message)).toMatch(/cannot be read now/);
    expect(await data.get(MOD, 'a')).toBe(1);
    expect(await data.get(MOD, 'never')).toBeUndefined();
    expect(requests()).toEqual([`values ${MOD}`, 'GET a', `values ${MOD}`]);
  });
});

describe('reads from an API without the values endpoint (404, as the hosted one)', () => {
  it('reads each key as before, and asks whether the endpoint exists once per page', async () => {
    const { data } = await started();
    world.server.valuesEndpoint = false;
    const reads = await Promise.all([data.get(MOD, 'a'), data.get(MOD, 'other.mod:c'), data.get('third.mod', 'x')]);
    expect(reads).toEqual([1, 'c', undefined]);
    expect(await data.get(MOD, 'never')).toBeUndefined();
    expect(requests().filter((request) => request.startsWith('values'))).toHaveLength(1);
    expect(requests().filter((request) => request.startsWith('GET')).sort()).toEqual(['GET a', 'GET never', 'GET other.mod:c', 'GET x']);
  });
});

describe('a snapshot answers the reads of a start', () => {
  it('takes a new one for a read after SNAPSHOT_TRUST_MS, which sees what changed meanwhile', async () => {
    const { data } = await started();
    expect(await data.get(MOD, 'a')).toBe(1);
    // Changed elsewhere while this page heard nothing of it (no live sync in this test).
    world.server.values.set(`${MOD}/b`, 'changed');
    world.server.values.set(`${MOD}/late`, 'set later');
    world.clock.advance(SNAPSHOT_TRUST_MS + 1);
    expect(await data.get(MOD, 'b')).toBe('changed');
    expect(await data.get(MOD, 'late')).toBe('set later');
    expect(requests()).toEqual([`values ${MOD}`, `values ${MOD}`]);
  });

  it('while the snapshot cannot be taken, each read asks for it at most once, then for its key', async () => {
    const { data } = await started();
    for (let i = 0; i < 4; i++) world.server.script.push(() => Promise.reject(new TypeError('offline')));
    const reads = await Promise.allSettled([data.get(MOD, 'a'), data.get(MOD, 'b')]);
    expect(reads.map((read) => read.status)).toEqual(['rejected', 'rejected']);
    expect(requests()).toHaveLength(4);
    expect(requests().filter((request) => request.startsWith('values')).length).toBeLessThanOrEqual(2);
  });
});
