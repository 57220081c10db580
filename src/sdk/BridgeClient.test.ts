import { describe, expect, it } from 'vitest';
import { ModuleMessageSchema, OverlayError } from '../api/index.ts';
import { ManualClock } from '../client/testing/ManualClock.ts';
import { BridgeClient } from './BridgeClient.ts';
import type { SdkPort } from './SdkPort.ts';

/** The module's end of a port, with the host's end played by the test. */
function fakePort() {
  const sent: Record<string, unknown>[] = [];
  const port: SdkPort & { sent: typeof sent; deliver(data: unknown): void } = {
    sent,
    onmessage: null,
    postMessage(message) {
      sent.push(ModuleMessageSchema.parse(message) as Record<string, unknown>);
    },
    deliver(data) {
      port.onmessage?.({ data } as MessageEvent);
    },
  };
  return port;
}

const settled = async <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: OverlayError) => ({ error: { code: error.code, message: error.message, isOverlayError: error instanceof OverlayError } }),
  );

describe('BridgeClient', () => {
  it('queues calls until attached, keeps at most 64 in flight, and sends the rest in order', async () => {
    const clock = new ManualClock(0);
    const client = new BridgeClient({ timers: clock });
    const calls = Array.from({ length: 70 }, (_, i) => client.call('db.get', { key: `k${i}` }));
    const port = fakePort();
    client.attach(port);
    expect(port.sent).toHaveLength(64);
    expect(port.sent.map((m) => m.id)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    port.deliver({ k: 'res', id: 3, ok: true, r: 'three' });
    port.deliver({ k: 'res', id: 1, ok: true });
    expect(port.sent.slice(64).map((m) => m.id)).toEqual([65, 66]);
    expect(await calls[2]).toBe('three');
    expect(await calls[0]).toBeUndefined();
  });

  it('rejects with TIMEOUT after the deadline, queued calls included, and keeps the slot until the host answers', async () => {
    const clock = new ManualClock(0);
    const client = new BridgeClient({ timers: clock, timeoutMs: 1000, maxInFlight: 1 });
    const port = fakePort();
    client.attach(port);
    const first = settled(client.call('profile', {}));
    const second = settled(client.call('profile', {}));
    clock.advance(1000);
    const error = { code: 'TIMEOUT', message: 'profile got no answer within 1000 ms', isOverlayError: true };
    expect(await first).toEqual({ error });
    expect(await second).toEqual({ error });
    const third = client.call('profile', {});
    expect(port.sent).toHaveLength(1);
    port.deliver({ k: 'res', id: 1, ok: true, r: 'late' });
    expect(port.sent.map((m) => m.id)).toEqual([1, 3]);
    port.deliver({ k: 'res', id: 3, ok: true, r: 'p' });
    expect(await third).toBe('p');
    // One sweeping timer, not one per call: it lapses once nothing is left unsettled.
    clock.advance(1000);
    expect(clock.pending()).toBe(0);
  });

  it('gives each call its own deadline with a single timer', async () => {
    const clock = new ManualClock(0);
    const client = new BridgeClient({ timers: clock, timeoutMs: 1000 });
    client.attach(fakePort());
    const early = settled(client.call('profile', {}));
    clock.advance(500);
    const late = settled(client.call('profile', {}));
    expect(clock.pending()).toBe(1);
    clock.advance(500);
    expect(await early).toMatchObject({ error: { code: 'TIMEOUT' } });
    let lateDone = false;
    void late.then(() => {
      lateDone = true;
    });
    await Promise.resolve();
    expect(lateDone).toBe(false);
    clock.advance(500);
    expect(await late).toMatchObject({ error: { code: 'TIMEOUT' } });
    expect(clock.pending()).toBe(0);
  });

  it('turns error replies into OverlayErrors with a closed code', async () => {
    const client = new BridgeClient({ timers: new ManualClock(0) });
    const port = fakePort();
    client.attach(port);
    const busy = settled(client.call('db.get', { key: 'a' }));
    const odd = settled(client.call('db.get', { key: 'a' }));
    port.deliver({ k: 'res', id: 1, ok: false, e: { code: 'BUSY', message: 'too many' } });
    port.deliver({ k: 'res', id: 2, ok: false, e: { code: 'WEIRD', stack: 'x' } });
    expect(await busy).toEqual({ error: { code: 'BUSY', message: 'too many', isOverlayError: true } });
    expect(await odd).toEqual({ error: { code: 'INTERNAL', message: 'failed', isOverlayError: true } });
    expect(JSON.stringify(new OverlayError('BUSY', 'x'))).toBe('{"code":"BUSY","message":"x"}');
  });

  it('answers pings, ignores junk, and delivers events to listeners until they unsubscribe', () => {
    const clock = new ManualClock(0);
    const client = new BridgeClient({ timers: clock });
    const port = fakePort();
    client.attach(port);
    const seen: unknown[] = [];
    const off = client.on('change', (data) => seen.push(data));
    client.on('change', () => {
      throw new Error('a buggy listener');
    });
    for (const junk of [null, 5, 'x', { k: 'res', id: 99, ok: true }, { k: 'evt' }]) port.deliver(junk);
    port.deliver({ k: 'ping', t: 7 });
    port.deliver({ k: 'evt', n: 'change', d: { key: 'a', value: 1, from: 'b' } });
    off();
    port.deliver({ k: 'evt', n: 'change', d: 2 });
    expect(port.sent).toEqual([{ k: 'pong', t: 7 }]);
    expect(seen).toEqual([{ key: 'a', value: 1, from: 'b' }]);
    expect(() => clock.advance(0)).toThrow('a buggy listener');
  });
});
