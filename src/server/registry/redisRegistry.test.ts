import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRedis, type RedisStoreSpec, StoreUnavailableError, waitForRedis } from '../store/index.ts';
import type { TestRedisServer } from '../testing/redisServer.ts';
import { useRedisServer } from '../testing/useRedisServer.ts';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS } from './demoSeed.ts';
import { createRedisRegistry } from './redisRegistry.ts';
import { describeRegistryContract } from './registryContract.ts';
import { reseedRecords } from './openRegistry.ts';
import { createRedisProfileRecords } from './redisProfileRecords.ts';

let server: TestRedisServer;
let spec: RedisStoreSpec;
const clients: Redis[] = [];
useRedisServer((started) => ({ server, spec } = started));
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** One client per "instance", as two API processes would have. */
async function client(): Promise<Redis> {
  const redis = await connectRedis(spec, { log: () => {}, commandTimeoutMs: 1000 });
  clients.push(redis);
  await waitForRedis(redis);
  return redis;
}

describeRegistryContract('redis', async (options) => {
  const [a, b] = [await client(), await client()];
  await a.flushdb();
  return [await createRedisRegistry(DEMO_SEED, { redis: a, ...options }), await createRedisRegistry(DEMO_SEED, { redis: b, ...options })];
});

describe('redis registry', () => {
  const userId = DEMO_PROFILE.user.userId;

  it('keeps an exchanged token under its hash, with its lifetime as TTL', async () => {
    const redis = await client();
    await redis.flushdb();
    const registry = await createRedisRegistry(DEMO_SEED, { redis, tokenTtlMs: 90_000 });
    const { token } = (await registry.exchangeOverlayId(DEMO_OVERLAY_IDS.game))!;
    const keys = await redis.keys('registry:token:*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(token);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(85_000);
  });

  it('keeps a stored profile across restarts, also when the seed changed; reseeding writes the seed over it', async () => {
    const redis = await client();
    await redis.flushdb();
    const instances = await Promise.all([1, 2, 3].map(async () => createRedisRegistry(DEMO_SEED, { redis: await client() })));
    const replaced = { ...structuredClone(DEMO_PROFILE), extra: 'edited' };
    await instances[0]!.replaceProfile(userId, replaced);
    const seed = structuredClone(DEMO_SEED);
    seed.users[0]!.profile.user.userName = 'renamed';
    const restarted = await createRedisRegistry(seed, { redis: await client() });
    expect(await restarted.profile(userId)).toEqual(replaced);
    await reseedRecords(createRedisProfileRecords(redis), seed);
    expect(await instances[1]!.profile(userId)).toEqual(seed.users[0]!.profile);
  });

  it('reads a seeded user it never stored as the seed has it', async () => {
    const redis = await client();
    await redis.flushdb();
    const seed = structuredClone(DEMO_SEED);
    seed.users[0]!.profile.user.userName = 'renamed';
    const registry = await createRedisRegistry(seed, { redis });
    expect((await registry.profile(userId))?.user.userName).toBe('renamed');
    expect(await redis.keys('registry:profile:*')).toEqual([]);
  });

  it('falls back to the seeded profile when Redis lost it', async () => {
    const redis = await client();
    const registry = await createRedisRegistry(DEMO_SEED, { redis });
    await redis.flushdb();
    expect(await registry.profile(userId)).toEqual(DEMO_PROFILE);
  });

  it('while Redis is down: seed tokens still resolve, everything Redis holds is unavailable (503), never "invalid"', async () => {
    const redis = await client();
    const registry = await createRedisRegistry(DEMO_SEED, { redis });
    const { token } = (await registry.exchangeOverlayId(DEMO_OVERLAY_IDS.tool))!;
    await server.stop('SIGKILL');
    try {
      expect(await registry.resolveToken(DEMO_TOKENS.tool)).toMatchObject({ overlay: 'tool' });
      await expect(registry.resolveToken(token)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(registry.exchangeOverlayId(DEMO_OVERLAY_IDS.tool)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(registry.profile(userId)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await server.restart();
    }
    await expect.poll(() => registry.resolveToken(token).catch(() => 'down'), { interval: 50, timeout: 5000 }).toMatchObject({ overlay: 'tool' });
  });
});
