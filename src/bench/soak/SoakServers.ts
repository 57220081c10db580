import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/testing/freePort.ts';
import { startRedisServer, type TestRedisServer } from '../../server/testing/redisServer.ts';
import { ApiInstance } from './ApiInstance.ts';
import { type Balancer, createBalancer } from './createBalancer.ts';
import { type SoakUser, writeSoakSeed } from './soakSeed.ts';

/** Everything the soak runs against: one Redis, the API instances on it, the balancer in front. */
export interface SoakServers {
  redis: TestRedisServer;
  instances: ApiInstance[];
  balancer: Balancer;
  users: SoakUser[];
  stop(): Promise<void>;
  /** Kills every child at once (for an exit hook). */
  killNow(): void;
}

/** Starts a private Redis (AOF, appendfsync always), `count` instances of the CLI on it with the soak's seed, and the balancer. */
export async function startSoakServers(count: number, userCount: number): Promise<SoakServers> {
  const dir = await mkdtemp(join(tmpdir(), 'overlay-soak-'));
  const { path, users } = await writeSoakSeed(dir, userCount);
  const redis = await startRedisServer();
  const instances: ApiInstance[] = [];
  const sampler = setInterval(() => {
    for (const instance of instances) instance.sample();
  }, 500);
  const stop = async () => {
    clearInterval(sampler);
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis.dispose();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const instance = new ApiInstance(`api-${i + 1}`, await freePort(), ['--store', redis.url, '--seed', path]);
      instances.push(instance);
      // One after the other: the first one seeds the registry in Redis.
      await instance.start();
    }
    const balancer = await createBalancer(instances.map((instance) => instance.port));
    const killNow = () => {
      for (const instance of instances) instance.killNow();
    };
    const stopAll = async () => {
      await balancer.close();
      await stop();
    };
    return { redis, instances, balancer, users, killNow, stop: stopAll };
  } catch (error) {
    await stop();
    throw error;
  }
}
