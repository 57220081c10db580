import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TwitchLease } from './TwitchLease.ts';

/** Takes a free lease, or renews it when this instance holds it; answers 1 when held. */
const HOLD = `
local holder = redis.call('GET', KEYS[1])
if holder == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** `twitch:lease:<userId>`: outside the data key space, like the credentials. */
export function leaseKey(userId: string): string {
  return `twitch:lease:${userId}`;
}

/**
 * One holder per streamer across instances: a key holding the instance id, set
 * only when free and renewed by its holder. An instance that dies stops renewing;
 * the key expires after `ttlMs` and the next instance to ask takes it.
 */
export function createRedisLease(redis: Redis, options: { ttlMs: number; instanceId?: string }): TwitchLease {
  const instanceId = options.instanceId ?? randomUUID();
  return {
    async hold(userId) {
      return (await redis.eval(HOLD, 1, leaseKey(userId), instanceId, String(options.ttlMs))) === 1;
    },
    async release(userId) {
      await redis.eval(RELEASE, 1, leaseKey(userId), instanceId);
    },
  };
}
