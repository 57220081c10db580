import { describe, expect, it } from 'vitest';
import { createMemoryStore, openStore } from '../store/index.ts';
import { useRedisServer } from '../testing/useRedisServer.ts';
import { rateCounterFor } from './rateCounterFor.ts';

let redisUrl = '';
useRedisServer(({ server }) => {
  redisUrl = server.url;
});

describe('rateCounterFor', () => {
  it('counts in this process on a memory store, its windows on the given clock', async () => {
    let now = 0;
    const store = createMemoryStore();
    const counter = rateCounterFor(store, () => now);
    await counter.hit('k', 1_000);
    expect(await counter.hit('k', 1_000)).toEqual({ count: 2, resetInMs: 1_000 });
    // Another process on the same data counts from zero: only Redis shares the counts.
    expect((await rateCounterFor(store, () => now).hit('k', 1_000)).count).toBe(1);
    now += 1_000;
    expect((await counter.hit('k', 1_000)).count).toBe(1);
  });

  it('shares the counts of every instance on one Redis', async () => {
    const [first, second] = await Promise.all([openStore(redisUrl), openStore(redisUrl)]);
    try {
      await rateCounterFor(first).hit('shared', 60_000);
      expect((await rateCounterFor(second).hit('shared', 60_000)).count).toBe(2);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
