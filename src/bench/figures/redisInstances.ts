import { defineFigure, type Row } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { type LoadRequest, loadRequests } from '../server/loadRequests.ts';
import { type LoadResult, runLoad } from '../server/runLoad.ts';
import { spawnReferenceServer, type SpawnedServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';
import { withRedis } from '../server/withRedis.ts';
import { summarize } from '../summarize.ts';

/** Length of one autocannon run, as in the `server` figure. */
const SECONDS = 2;
/** The `server` figure's load, split evenly over the two instances. */
const CONNECTIONS = 50;

/**
 * Two API processes on one private redis-server (AOF, `appendfsync
 * always`) against one. The load is the `server` figure's, 50 connections
 * PATCHing then GETting one key: all 50 on instance A, or two autocannon runs
 * at once with 25 each on A and B, their throughputs summed. Both variants use
 * the same Redis and the same load generator, alternating round by round.
 */
const redisInstances = defineFigure({ name: 'redis.two', order: 56, rows: ['redis.two.patch', 'redis.two.get'] }, async () => {
  return withRedis(async (redis) => {
    const servers = await startServers({ a: () => spawnReferenceServer(redis.url), b: () => spawnReferenceServer(redis.url) });
    try {
      const requests = loadRequests();
      return [await measure('patch', requests.patch, servers), await measure('get', requests.get, servers)];
    } finally {
      await stopServers(servers);
    }
  });
});

async function measure(name: 'patch' | 'get', request: LoadRequest, servers: Record<'a' | 'b', SpawnedServer>): Promise<Row> {
  const p99 = { one: [] as number[], two: [] as number[] };
  const one = async () => {
    const result = await runLoad(servers.a.url, request, SECONDS, CONNECTIONS);
    p99.one.push(result.p99);
    return result.rps;
  };
  const two = async () => {
    const results: LoadResult[] = await Promise.all([servers.a, servers.b].map((server) => runLoad(server.url, request, SECONDS, CONNECTIONS / 2)));
    p99.two.push(Math.max(...results.map((result) => result.p99)));
    return results.reduce((sum, result) => sum + result.rps, 0);
  };
  const rps = await sampleInterleaved({ warmup: 1, runs: 5, variants: { two, one } });
  const kept = (values: number[]) => summarize(values.slice(values.length - rps.two.length)).median;
  const note = `p99 ${formatNumber(kept(p99.two))} ms with two instances (the worse of the two), ${formatNumber(kept(p99.one))} ms with one`;
  const method = name.toUpperCase();
  return makeRow({ name: `redis.two.${name}`, title: `${method} throughput of two instances on one Redis, 25 + 25 connections`, unit: 'req/s', samples: rps.two, baseline: rps.one, note });
}

export default redisInstances;
