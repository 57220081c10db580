import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Profile } from '../../api/index.ts';
import { guardRedis, StoreUnavailableError, waitForRedis } from '../store/index.ts';

/** Hash `registry:profile:<userId>`: `profile` (JSON text) and `seed` (fingerprint of the seeded profile). */
export const profileKey = (userId: string) => `registry:profile:${userId}`;

/**
 * Writes a seeded profile unless this very seed profile was written before:
 * several instances starting with one seed write it once, a profile replaced
 * later (PUT /dev/profile) survives their restarts, and a changed seed file
 * replaces it.
 */
const SEED_PROFILE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'seed') == ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'seed', ARGV[1], 'profile', ARGV[2])
return 1`;

const BATCH = 500;

/** Seeds every profile (atomic per user, idempotent); retries while Redis is away; resolves with the number written. */
export async function seedProfilesToRedis(redis: Redis, profiles: Iterable<Profile>): Promise<number> {
  const all = [...profiles].map((profile) => {
    const json = JSON.stringify(profile);
    return { key: profileKey(profile.user.userId), json, fingerprint: createHash('sha256').update(json).digest('base64url') };
  });
  let written = 0;
  for (let start = 0; start < all.length; start += BATCH) {
    const batch = all.slice(start, start + BATCH);
    written += await retryWhileUnavailable(redis, async () => {
      const pipeline = redis.pipeline();
      for (const { key, json, fingerprint } of batch) pipeline.eval(SEED_PROFILE_SCRIPT, 1, key, fingerprint, json);
      const results = (await pipeline.exec()) ?? [];
      const failure = results.find(([error]) => error)?.[0];
      if (failure) throw failure;
      return results.filter(([, changed]) => changed === 1).length;
    });
  }
  return written;
}

async function retryWhileUnavailable<T>(redis: Redis, call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await guardRedis(call);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // Also when the client is ready but Redis said LOADING or timed out: no busy loop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await waitForRedis(redis);
    }
  }
}
