import { DEMO_TOKENS } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { type LiveClients, openLiveClients } from '../live/openLiveClients.ts';
import { type LiveServerProcess, spawnBareLive, spawnReferenceLive } from '../live/spawnLiveServer.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';

/** Live connections listening to the one space written. */
const CLIENTS = 1000;

/**
 * One PATCH heard by 1,000 live connections (Node `ws` clients in the
 * bench process, all on the demo user's tool space), from sending the PATCH
 * until the last connection has the `change`. The reference server runs its
 * CLI on the memory store, so that the row measures the fan-out rather than
 * the disk; the baseline is a bare `ws` server that pushes the same JSON to
 * every socket as it answers the request. Rounds alternate between the two.
 */
const liveFanout = defineFigure({ name: 'live.fanout', order: 58 }, async (context) => {
  const servers: LiveServerProcess[] = [];
  const clients: LiveClients[] = [];
  try {
    const reference = await spawnReferenceLive(CLIENTS);
    servers.push(reference);
    const bare = await spawnBareLive();
    servers.push(bare);
    context.log(`live.fanout: opening ${CLIENTS} live connections to each server`);
    const onReference = await openLiveClients(reference.url, CLIENTS, DEMO_TOKENS.tool);
    clients.push(onReference);
    const onBare = await openLiveClients(bare.url, CLIENTS);
    clients.push(onBare);
    const samples = await sampleInterleaved({
      warmup: 3,
      runs: 21,
      variants: { reference: fanOut(reference.url, onReference), bare: fanOut(bare.url, onBare) },
    });
    const note = `bare ws server: ${formatNumber(summarize(samples.bare).median)} ms; reference on the memory store; ${CLIENTS} Node ws clients in the bench process`;
    const title = `one PATCH heard by ${CLIENTS.toLocaleString('en')} live connections, until the last`;
    return [makeRow({ name: 'live.fanout', title, unit: 'ms', samples: samples.reference, baseline: samples.bare, target: { of: 'value', op: '<=', limit: 100 }, note })];
  } finally {
    for (const group of clients) await group.close();
    for (const server of servers) await server.stop();
  }
});

/** One sample: a PATCH, timed until every client has heard one more change. */
function fanOut(url: string, clients: LiveClients): () => Promise<number> {
  let writes = 0;
  return async () => {
    writes++;
    const started = performance.now();
    const heard = clients.allHeard(writes);
    const response = await fetch(`${url}/me/database`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${DEMO_TOKENS.tool}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'bench.live', key: 'fanout', value: { round: writes, text: 'heard by every overlay' } }),
    });
    if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
    await heard;
    return performance.now() - started;
  };
}

export default liveFanout;
