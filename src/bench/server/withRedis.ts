import { startRedisServer, type TestRedisServer } from '../../server/testing/redisServer.ts';

/**
 * Runs `use` with a private `redis-server` (loopback port, temp dir, AOF with
 * `appendfsync always`: the setting docs/deploying.md recommends, the counterpart of
 * sqlite's `synchronous=FULL`), and stops it and removes its folder afterwards,
 * whether `use` succeeded or not.
 */
export async function withRedis<T>(use: (redis: TestRedisServer) => Promise<T>): Promise<T> {
  const redis = await startRedisServer();
  try {
    return await use(redis);
  } finally {
    await redis.dispose();
  }
}
