import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type RunningApiServer, type StartApiServerOptions, startApiServer } from '../startApiServer.ts';
import { connectLive, type LiveTestClient } from './liveTestClient.ts';
import { startRedisServer, type TestRedisServer } from './redisServer.ts';
import { TEST_SEED } from './testSeed.ts';

/** The two running instances and their redis-server, handed over once they are up. */
export interface TwoInstances {
  a: RunningApiServer;
  b: RunningApiServer;
  redis: TestRedisServer;
}

/**
 * Two API instances in this process on one real redis-server, as behind a load balancer: registers the
 * suite's hooks (start both before all tests, close the live clients after each, stop everything after
 * all) and calls `started` with the instances. `start` makes another instance on the same Redis;
 * `live` opens a live connection closed after the test, authenticated and ready when given a token.
 */
export function twoInstancesOnRedis(options: StartApiServerOptions, started: (instances: TwoInstances) => void) {
  let redis: TestRedisServer | undefined;
  let servers: RunningApiServer[] = [];
  const clients: LiveTestClient[] = [];
  const start = (extra: StartApiServerOptions = {}) => startApiServer({ seed: TEST_SEED, store: redis!.url, log: () => {}, ...options, ...extra });
  beforeAll(async () => {
    redis = await startRedisServer();
    servers = await Promise.all([start(), start()]);
    started({ a: servers[0]!, b: servers[1]!, redis });
  }, 30_000);
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await redis?.dispose();
  });
  const live = async (server: RunningApiServer, token?: string) => {
    const client = await connectLive(server.url);
    clients.push(client);
    if (token !== undefined) expect(await client.auth(token)).toMatchObject({ type: 'ready' });
    return client;
  };
  return { start, live, clients };
}
