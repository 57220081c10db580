import { join } from 'node:path';
import { defineFigure, type Row } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { type LoadRequest, loadRequests } from '../server/loadRequests.ts';
import { runLoad } from '../server/runLoad.ts';
import { type SpawnedServer, spawnBareServer, spawnReferenceServer } from '../server/spawnServer.ts';
import { summarize } from '../summarize.ts';

/** Length of one autocannon run. */
const SECONDS = 2;

/**
 * The reference server (its CLI, sqlite store with the default synchronous=FULL)
 * under autocannon, 50 connections, PATCH then GET of one key, against a bare
 * node:http handler that parses the same JSON and answers the same body. Each
 * runs in a process of its own; runs alternate between them. The same server on
 * the memory store runs alongside, to tell the store's share from the HTTP stack's.
 */
const serverThroughput = defineFigure({ name: 'server', order: 50, rows: ['server.patch', 'server.patch.p99', 'server.get', 'server.get.p99'] }, async (context) => {
  const servers = await startServers(join(await context.tempDir('load-db'), 'load.sqlite'));
  try {
    const requests = loadRequests();
    return [...(await measure('patch', requests.patch, servers)), ...(await measure('get', requests.get, servers))];
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
});

type Servers = Record<'reference' | 'memory' | 'bare', SpawnedServer>;

/** The reference server on sqlite (the figure), on the memory store (for the note: the store's share) and the bare baseline. */
async function startServers(sqlitePath: string): Promise<Servers> {
  const started: SpawnedServer[] = [];
  const start = async (spawn: () => Promise<SpawnedServer>) => {
    const server = await spawn();
    started.push(server);
    return server;
  };
  try {
    return {
      reference: await start(() => spawnReferenceServer(`sqlite:${sqlitePath}`)),
      memory: await start(() => spawnReferenceServer('memory')),
      bare: await start(spawnBareServer),
    };
  } catch (error) {
    await Promise.all(started.map((server) => server.stop()));
    throw error;
  }
}

async function measure(name: 'patch' | 'get', request: LoadRequest, servers: Servers): Promise<Row[]> {
  const p99 = { reference: [] as number[], memory: [] as number[], bare: [] as number[] };
  const sample = (which: keyof Servers) => async () => {
    const result = await runLoad(servers[which].url, request, SECONDS);
    p99[which].push(result.p99);
    return result.rps;
  };
  const rps = await sampleInterleaved({ warmup: 1, runs: 5, variants: { reference: sample('reference'), memory: sample('memory'), bare: sample('bare') } });
  // The warm-up round's latencies are dropped like its throughput.
  const kept = (values: number[]) => values.slice(values.length - rps.reference.length);
  const method = name.toUpperCase();
  const note = `the same server on the memory store: ${formatNumber(summarize(rps.memory).median)} req/s, p99 ${formatNumber(summarize(kept(p99.memory)).median)} ms`;
  return [
    makeRow({ name: `server.${name}`, title: `reference server ${method} throughput, 50 connections, sqlite`, unit: 'req/s', samples: rps.reference, baseline: rps.bare, target: { of: 'ratio', op: '>=', limit: 0.7 }, note }),
    makeRow({ name: `server.${name}.p99`, title: `reference server ${method} p99 latency`, unit: 'ms', samples: kept(p99.reference), baseline: kept(p99.bare) }),
  ];
}

export default serverThroughput;
