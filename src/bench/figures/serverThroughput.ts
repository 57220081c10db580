import { join } from 'node:path';
import type { Figure, Row } from '../Figure.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { type LoadRequest, loadRequests } from '../server/loadRequests.ts';
import { runLoad } from '../server/runLoad.ts';
import { type SpawnedServer, spawnBareServer, spawnReferenceServer } from '../server/spawnServer.ts';

/** Length of one autocannon run. */
const SECONDS = 2;

/**
 * The reference server (its CLI, sqlite store with the default synchronous=FULL)
 * under autocannon, 50 connections, PATCH then GET of one key, against a bare
 * node:http handler that parses the same JSON and answers the same body. Both
 * run in processes of their own; runs alternate between them.
 */
const serverThroughput: Figure = {
  name: 'server',
  order: 50,
  rows: ['server.patch', 'server.patch.p99', 'server.get', 'server.get.p99'],
  async run(context) {
    const reference = await spawnReferenceServer(join(await context.tempDir('load-db'), 'load.sqlite'));
    const bare = await spawnBareServer().catch(async (error: unknown) => {
      await reference.stop();
      throw error;
    });
    try {
      const requests = loadRequests();
      return [
        ...(await measure('patch', requests.patch, reference, bare)),
        ...(await measure('get', requests.get, reference, bare)),
      ];
    } finally {
      await Promise.all([reference.stop(), bare.stop()]);
    }
  },
};

async function measure(name: 'patch' | 'get', request: LoadRequest, reference: SpawnedServer, bare: SpawnedServer): Promise<Row[]> {
  const p99 = { reference: [] as number[], bare: [] as number[] };
  const sample = (server: SpawnedServer, into: number[]) => async () => {
    const result = await runLoad(server.url, request, SECONDS);
    into.push(result.p99);
    return result.rps;
  };
  const rps = await sampleInterleaved({ warmup: 1, runs: 5, variants: { reference: sample(reference, p99.reference), bare: sample(bare, p99.bare) } });
  // The warm-up round's latencies are dropped like its throughput.
  const kept = (values: number[]) => values.slice(values.length - rps.reference.length);
  const method = name.toUpperCase();
  return [
    makeRow({ name: `server.${name}`, title: `reference server ${method} throughput, 50 connections, sqlite`, unit: 'req/s', samples: rps.reference, baseline: rps.bare, target: { of: 'ratio', op: '>=', limit: 0.5 } }),
    makeRow({ name: `server.${name}.p99`, title: `reference server ${method} p99 latency`, unit: 'ms', samples: kept(p99.reference), baseline: kept(p99.bare) }),
  ];
}

export default serverThroughput;
