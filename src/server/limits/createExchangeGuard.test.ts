import { describe, expect, it } from 'vitest';
import { addressKey } from './addressKey.ts';
import { createExchangeGuard } from './createExchangeGuard.ts';
import { createMemoryRateCounter } from './createMemoryRateCounter.ts';

const LIMITS = { exchangesPerOverlay: 2, failedExchangesPerAddress: 2, exchangeWindowMs: 10_000 };

describe('createExchangeGuard', () => {
  it('counts each attempt before the lookup; past the budget an address and kind of origin is refused for any id until its window ends', async () => {
    let now = 0;
    const guard = createExchangeGuard(createMemoryRateCounter({ now: () => now }), LIMITS);
    const client = { address: '10.0.0.1', origin: 'none' } as const;
    expect(await guard.admit(client, 'id-a')).toBeUndefined();
    now += 4_000;
    expect(await guard.admit(client, 'id-b')).toBeUndefined();
    expect(await guard.admit(client, 'id-c')).toEqual({ reason: expect.stringContaining('failed'), retryAfterSeconds: 6 });
    expect(await guard.admit({ address: '10.0.0.2', origin: 'none' }, 'id-d')).toBeUndefined();
    expect(await guard.admit({ ...client, origin: 'same' }, 'id-e')).toBeUndefined();
    now += 6_000;
    expect(await guard.admit(client, 'id-c')).toBeUndefined();
  });

  it('an attempt that found its id gives its place in the failed budget back', async () => {
    const guard = createExchangeGuard(createMemoryRateCounter({ now: () => 0 }), { ...LIMITS, exchangesPerOverlay: 100 });
    const client = { address: '10.0.0.1', origin: 'same' } as const;
    for (let i = 0; i < 5; i++) {
      expect(await guard.admit(client, 'right')).toBeUndefined();
      await guard.succeeded(client);
    }
    expect(await guard.admit(client, 'wrong-1')).toBeUndefined();
    expect(await guard.admit(client, 'wrong-2')).toBeUndefined();
    expect(await guard.admit(client, 'right')).toMatchObject({ reason: expect.stringContaining('failed') });
  });

  it('keeps memory bounded under a flood of new keys', async () => {
    const counter = createMemoryRateCounter({ now: () => 0, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await counter.hit(key, 1000);
    expect((await counter.hit('a', 1000)).count).toBe(1);
    expect((await counter.hit('d', 1000)).count).toBe(2);
  });
});

describe('addressKey', () => {
  it('keys IPv4 by address and IPv6 by its /64 network', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
