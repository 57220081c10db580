import { join } from 'node:path';
import { defineFigure, type Row } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { type LoadRequest, loadRequests } from '../server/loadRequests.ts';
import { runLoad } from '../server/runLoad.ts';
import { spawnBareServer, spawnReferenceServer, type SpawnedServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';
import { withRedis } from '../server/withRedis.ts';
import { summarize } from '../summarize.ts';

/** Length of one autocannon run, as in the `server` figure. */
const SECONDS = 2;

type Variant = 'redis' | 'sqlite' | 'bare';

/**
 * The reference server on the redis store (a private redis-server,
 * AOF with `appendfsync always`) under the `server` figure's load (autocannon,
 * 50 connections, PATCH then GET of one key), against the same bare node:http
 * baseline. The sqlite server (`synchronous=FULL`) runs in the same rounds, so
 * the two stores are compared on the same machine state.
 */
const redisThroughput = defineFigure({ name: 'redis', order: 55, rows: ['redis.patch', 'redis.patch.p99', 'redis.get', 'redis.get.p99'] }, async (context) => {
  const sqlitePath = join(await context.tempDir('redis-load-db'), 'load.sqlite');
  return withRedis(async (redis) => {
    const servers = await startServers<Variant>({
      redis: () => spawnReferenceServer(redis.url),
      sqlite: () => spawnReferenceServer(`sqlite:${sqlitePath}`),
      bare: spawnBareServer,
    });
    try {
      const requests = loadRequests();
      return [...(await measure('patch', requests.patch, servers)), ...(await measure('get', requests.get, servers))];
    } finally {
      await stopServers(servers);
    }
  });
});

async function measure(name: 'patch' | 'get', request: LoadRequest, servers: Record<Variant, SpawnedServer>): Promise<Row[]> {
  const p99: Record<Variant, number[]> = { redis: [], sqlite: [], bare: [] };
  const sample = (which: Variant) => async () => {
    const result = await runLoad(servers[which].url, request, SECONDS);
    p99[which].push(result.p99);
    return result.rps;
  };
  const rps = await sampleInterleaved({ warmup: 1, runs: 5, variants: { redis: sample('redis'), sqlite: sample('sqlite'), bare: sample('bare') } });
  // The warm-up round's latencies are dropped like its throughput.
  const kept = (values: number[]) => values.slice(values.length - rps.redis.length);
  const perRun = summarize(rps.redis.map((value, i) => value / rps.sqlite[i]!)).median;
  const sqlite = `${formatNumber(summarize(rps.sqlite).median)} req/s, p99 ${formatNumber(summarize(kept(p99.sqlite)).median)} ms`;
  const note = `the sqlite store in the same rounds: ${sqlite}; redis / sqlite ${perRun.toFixed(2)}`;
  const method = name.toUpperCase();
  return [
    makeRow({ name: `redis.${name}`, title: `reference server ${method} throughput, 50 connections, redis`, unit: 'req/s', samples: rps.redis, baseline: rps.bare, target: { of: 'ratio', op: '>=', limit: 0.5 }, note }),
    makeRow({ name: `redis.${name}.p99`, title: `reference server ${method} p99 latency, redis`, unit: 'ms', samples: kept(p99.redis), baseline: kept(p99.bare) }),
  ];
}

export default redisThroughput;
