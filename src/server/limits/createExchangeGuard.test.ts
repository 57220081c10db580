import { describe, expect, it } from 'vitest';
import { addressKey } from './addressKey.ts';
import { createExchangeGuard } from './createExchangeGuard.ts';
import { createMemoryRateCounter } from './createMemoryRateCounter.ts';

const LIMITS = { exchangesPerOverlay: 2, failedExchangesPerAddress: 2, exchangeWindowMs: 10_000 };

describe('createExchangeGuard', () => {
  it('refuses an address after its failures, for any id, until its window ends', async () => {
    let now = 0;
    const guard = createExchangeGuard(createMemoryRateCounter({ now: () => now }), LIMITS);
    expect(await guard.admit('10.0.0.1', 'id-a')).toBeUndefined();
    await guard.failed('10.0.0.1');
    now += 4_000;
    await guard.failed('10.0.0.1');
    expect(await guard.admit('10.0.0.1', 'id-b')).toEqual({ reason: expect.stringContaining('failed'), retryAfterSeconds: 6 });
    expect(await guard.admit('10.0.0.2', 'id-b')).toBeUndefined();
    now += 6_000;
    expect(await guard.admit('10.0.0.1', 'id-b')).toBeUndefined();
  });

  it('counts the exchanges of each overlay id apart', async () => {
    const guard = createExchangeGuard(createMemoryRateCounter({ now: () => 0 }), LIMITS);
    expect(await guard.admit('a', 'id-a')).toBeUndefined();
    expect(await guard.admit('b', 'id-a')).toBeUndefined();
    expect(await guard.admit('c', 'id-a')).toMatchObject({ retryAfterSeconds: 10 });
    expect(await guard.admit('c', 'id-b')).toBeUndefined();
  });

  it('keeps memory bounded under a flood of new keys', async () => {
    const counter = createMemoryRateCounter({ now: () => 0, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await counter.hit(key, 1000);
    expect((await counter.peek('a')).count).toBe(0);
    expect((await counter.peek('d')).count).toBe(1);
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
