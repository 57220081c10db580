import { afterEach, describe, expect, it } from 'vitest';
import { HostMessageSchema, OverlayError } from '../api/index.ts';
import { createBridgeMethods } from './createBridgeMethods.ts';
import { FloodGuard } from './FloodGuard.ts';
import { HOST_LIMITS, type HostLimits } from './HostLimits.ts';
import { ModuleConnection } from './ModuleConnection.ts';
import type { TrafficRecord } from './TrafficRecord.ts';
import { FakeModuleData } from './testing/FakeModuleData.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { collect, nextMessage, until } from './testing/portHelpers.ts';

const profile = { user: { userName: 'ana' }, streamdeck: { token: 'deck-secret' }, overlays: { tool: 'ov-secret' } };
const open: MessagePort[] = [];

function connect(moduleId: string, overrides: Partial<HostLimits> = {}, data = new FakeModuleData()) {
  const clock = new ManualClock(0);
  const limits = { ...HOST_LIMITS, ...overrides };
  const channel = new MessageChannel();
  const faults: string[] = [];
  const hung: ModuleConnection[] = [];
  const traffic: TrafficRecord[] = [];
  const getProfile = async () => structuredClone(profile) as never;
  const connection = new ModuleConnection({
    port: channel.port1,
    moduleId,
    methods: createBridgeMethods({ data, kind: 'tool', getProfile, valueBytes: limits.valueBytes, context: 'overlay', settingsOf: () => undefined }),
    limits,
    clock,
    flood: new FloodGuard(clock, limits.maxMessagesPerSecond, limits.maxBytesPerSecond),
    onFault: (reason) => faults.push(reason),
    onHung: (hungConnection) => {
      hung.push(hungConnection);
      hungConnection.close();
    },
    onTraffic: (record) => traffic.push(record),
  });
  open.push(channel.port1, channel.port2);
  const module = channel.port2;
  const call = (id: number, m: string, p?: unknown) => {
    const reply = nextMessage(module);
    module.postMessage({ v: 1, k: 'req', id, m, p });
    return reply;
  };
  return { clock, data, connection, module, call, faults, hung, traffic };
}

afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

describe('ModuleConnection', () => {
  it('relays db.set and db.get with the id of the port, whatever the message claims', async () => {
    const { call, data } = connect('de.example.a');
    const set = await call(1, 'db.set', { key: 'score', json: '3', id: 'de.example.b', moduleId: 'x' });
    expect(set).toEqual({ k: 'res', id: 1, ok: true, r: undefined });
    expect(data.calls[0]).toEqual({ op: 'set', ownId: 'de.example.a', key: 'score', value: 3 });
    expect(await call(2, 'db.get', { key: 'score' })).toMatchObject({ id: 2, ok: true, r: 3 });
    expect(await call(3, 'db.get', { key: 'never' })).toMatchObject({ id: 3, ok: true, r: undefined });
  });

  it('keeps two modules apart: each port speaks for its own module only', async () => {
    const data = new FakeModuleData();
    const a = connect('mod.a', {}, data);
    const b = connect('mod.b', {}, data);
    await a.call(1, 'db.set', { key: 'n', json: '"from a"' });
    await b.call(1, 'db.set', { key: 'n', json: '"from b"' });
    expect(data.values.get('mod.a/n')).toBe('from a');
    expect(data.values.get('mod.b/n')).toBe('from b');
    expect(await b.call(2, 'db.get', { key: 'mod.a:n' })).toMatchObject({ ok: true, r: 'from a' });
  });

  it('answers ready and profile without credentials', async () => {
    const { call } = connect('mod.a');
    const ready = await call(1, 'ready', {});
    expect(ready).toMatchObject({ ok: true, r: { id: 'mod.a', kind: 'tool', profile: { user: { userName: 'ana' } } } });
    const text = JSON.stringify([ready, await call(2, 'profile')]);
    expect(text).not.toContain('secret');
  });

  it('answers malformed requests that carry an id, and drops the rest', async () => {
    const { module } = connect('mod.a');
    const seen = collect(module);
    module.postMessage({ v: 1, k: 'req', id: 7, m: 42 });
    module.postMessage({ v: 99, k: 'req', id: 8, m: 'ready', p: {} });
    module.postMessage('hello?');
    module.postMessage(null);
    module.postMessage({ k: 'req', m: 'ready' });
    module.postMessage({ v: 1, k: 'req', id: -1, m: 'ready' });
    module.postMessage({ v: 1, k: 'req', id: 9, m: 'nope', p: {} });
    module.postMessage({ v: 1, k: 'req', id: 10, m: 'db.get', p: { key: 5 } });
    await until(() => seen.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen.map((message) => HostMessageSchema.parse(message))).toEqual([
      { k: 'res', id: 7, ok: false, e: { code: 'BAD_REQUEST', message: 'malformed request' } },
      { k: 'res', id: 8, ok: false, e: { code: 'BAD_REQUEST', message: 'malformed request' } },
      { k: 'res', id: 9, ok: false, e: { code: 'BAD_REQUEST', message: 'unknown method "nope"' } },
      { k: 'res', id: 10, ok: false, e: { code: 'BAD_REQUEST', message: expect.stringContaining('p.key') } },
    ]);
  });

  it('refuses bad keys, oversized and non-JSON values before the data layer', async () => {
    const { call, data } = connect('mod.a', { valueBytes: 16 });
    expect(await call(1, 'db.set', { key: '', json: '1' })).toMatchObject({ e: { code: 'BAD_REQUEST' } });
    expect(await call(2, 'db.set', { key: 'bad id!:x', json: '1' })).toMatchObject({ e: { code: 'BAD_REQUEST' } });
    expect(await call(3, 'db.set', { key: 'k', json: '"0123456789abcdef"' })).toMatchObject({
      e: { code: 'TOO_LARGE' },
    });
    expect(await call(4, 'db.set', { key: 'k', json: 'x'.repeat(10_000_000) })).toMatchObject({
      e: { code: 'TOO_LARGE' },
    });
    expect(await call(5, 'db.set', { key: 'k', json: '{nope' })).toMatchObject({ e: { code: 'BAD_REQUEST' } });
    expect(await call(6, 'db.set', { key: 'k', value: 1 })).toMatchObject({ e: { code: 'BAD_REQUEST' } });
    expect(await call(7, 'db.get', { key: 'x'.repeat(300) })).toMatchObject({ e: { code: 'BAD_REQUEST' } });
    expect(data.calls).toEqual([]);
  });

  it('answers BUSY beyond the in-flight limit and frees slots as calls finish', async () => {
    const data = new FakeModuleData();
    data.hang = true;
    const { module, call, clock } = connect('mod.a', { maxInFlight: 2, callTimeoutMs: 1000 }, data);
    const seen = collect(module);
    module.postMessage({ v: 1, k: 'req', id: 1, m: 'db.get', p: { key: 'a' } });
    module.postMessage({ v: 1, k: 'req', id: 2, m: 'db.get', p: { key: 'b' } });
    expect(await call(3, 'db.get', { key: 'c' })).toMatchObject({ id: 3, ok: false, e: { code: 'BUSY' } });
    clock.advance(1000);
    await until(() => seen.length === 3);
    expect(seen.slice(1).map((m) => m.e)).toEqual([
      { code: 'TIMEOUT', message: 'db.get took longer than 1000 ms' },
      { code: 'TIMEOUT', message: 'db.get took longer than 1000 ms' },
    ]);
    data.hang = false;
    expect(await call(4, 'db.get', { key: 'c' })).toMatchObject({ id: 4, ok: true });
  });

  it('passes OverlayError codes through and hides every other error', async () => {
    const data = new FakeModuleData();
    const { call } = connect('mod.a', {}, data);
    data.fail = new OverlayError('UNAVAILABLE', 'the API cannot be reached');
    expect(await call(1, 'db.get', { key: 'a' })).toMatchObject({
      e: { code: 'UNAVAILABLE', message: 'the API cannot be reached' },
    });
    data.fail = new Error('fetch https://api/me?token=tool-token-1001 failed');
    const reply = await call(2, 'db.get', { key: 'a' });
    expect(reply).toMatchObject({ e: { code: 'INTERNAL', message: 'internal error' } });
    expect(JSON.stringify(reply)).not.toContain('token');
  });

  it('pings, and reports a module that stops answering as hung', async () => {
    const { module, clock, connection, hung } = connect('mod.a', { heartbeatMs: 100, missedHeartbeats: 3 });
    const ping = nextMessage(module);
    clock.advance(100);
    expect(await ping).toEqual({ k: 'ping', t: 1 });
    module.postMessage({ k: 'pong', t: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.advance(300);
    expect(hung).toHaveLength(0);
    clock.advance(200);
    expect(hung).toHaveLength(1);
    expect(hung[0]).toBe(connection);
  });

  it('tears down a flooding module after its per-second budget', async () => {
    const { module, faults, connection } = connect('mod.a', { maxMessagesPerSecond: 50 });
    for (let i = 0; i < 200; i += 1) module.postMessage({ junk: i });
    await until(() => faults.length > 0);
    expect(faults).toEqual(['flooding: more than 50 messages per second']);
    connection.send('visible');
  });

  it('tears down a module that sends too many bytes per second, in few messages', async () => {
    const { module, faults } = connect('mod.a', { maxBytesPerSecond: 1_000_000 });
    for (let i = 0; i < 4; i += 1) module.postMessage({ v: 1, k: 'req', id: i, m: 'db.get', p: { key: 'x'.repeat(300_000) } });
    await until(() => faults.length > 0);
    expect(faults).toEqual(['flooding: more than 1000000 bytes per second']);
  });

  it('logs traffic with method, key, duration and result', async () => {
    const { call, traffic } = connect('mod.a');
    await call(1, 'db.set', { key: 'score', json: '1' });
    await call(2, 'db.get', { key: '' });
    expect(traffic).toEqual([
      { moduleId: 'mod.a', method: 'db.set', key: 'score', ms: 0, ok: true, code: undefined },
      { moduleId: 'mod.a', method: 'db.get', key: '', ms: 0, ok: false, code: 'BAD_REQUEST' },
    ]);
  });
});
