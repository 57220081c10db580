import { Redis } from 'ioredis';
import { DEMO_TOKENS } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { spawnReferenceServer } from '../server/spawnServer.ts';
import { withRedis } from '../server/withRedis.ts';
import { summarize } from '../summarize.ts';

/** Keys of other users in the keyspace: a deployment with many streamers. */
const OTHER_KEYS = 100_000;
/** Values of the module the overlay reads at start. */
const MODULE_VALUES = 10;
/** Sequential requests per sample; the sample is their median latency. */
const REQUESTS = 50;
const ID = 'bench.tool.values';

/**
 * What an overlay's start costs per module on a Redis shared by many
 * streamers: `GET /me/database/values?id=` of a module with 10 values while
 * Redis holds 100,000 keys of other users, against `GET /me/database` of one
 * key on the same server in the same rounds. Both one request at a time (the
 * latency an overlay waits for), so the ratio is what reading the module costs
 * over reading one key.
 */
const redisValues = defineFigure({ name: 'redis.values', order: 57 }, async () => {
  return withRedis(async (server) => {
    await fillOtherUsers(server.port);
    const api = await spawnReferenceServer(server.url);
    try {
      const headers = { Authorization: `Bearer ${DEMO_TOKENS.tool}`, Accept: 'application/json' };
      for (let i = 0; i < MODULE_VALUES; i++) {
        const body = JSON.stringify({ id: ID, key: `v${i}`, value: { count: i, label: 'deaths' } });
        const answer = await fetch(`${api.url}/me/database`, { method: 'PATCH', headers: { ...headers, 'Content-Type': 'application/json' }, body });
        if (!answer.ok) throw new Error(`PATCH answered ${answer.status}`);
      }
      const latency = (path: string) => () => medianLatency(`${api.url}${path}`, headers);
      const samples = await sampleInterleaved({
        warmup: 1,
        runs: 5,
        variants: { values: latency(`/me/database/values?id=${ID}`), key: latency(`/me/database?id=${ID}&key=v0`) },
      });
      const note = `one key: ${formatNumber(summarize(samples.key).median)} ms; ${OTHER_KEYS} other keys in Redis, ${MODULE_VALUES} values in the module`;
      return [makeRow({ name: 'redis.values', title: 'GET /me/database/values latency of one module, redis, 100k other keys', unit: 'ms', samples: samples.values, baseline: samples.key, target: { of: 'ratio', op: '<=', limit: 2 }, note })];
    } finally {
      await api.stop();
    }
  });
});

/** Writes the other users' keys straight into Redis, in pipelined batches. */
async function fillOtherUsers(port: number): Promise<void> {
  const redis = new Redis(port, '127.0.0.1');
  try {
    for (let at = 0; at < OTHER_KEYS; at += 5_000) {
      const pipeline = redis.pipeline();
      for (let i = at; i < at + 5_000; i++) pipeline.set(`database:${200_000 + i}:tool:other.module:n`, '1');
      await pipeline.exec();
    }
  } finally {
    redis.disconnect();
  }
}

/** Median latency in ms of REQUESTS sequential GETs of one URL. */
async function medianLatency(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const answer = await fetch(url, { headers });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`GET ${url} answered ${answer.status}`);
    times.push(performance.now() - started);
  }
  return summarize(times).median;
}

export default redisValues;
