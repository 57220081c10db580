import { DEMO_TOKENS } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { openLiveClients } from '../live/openLiveClients.ts';
import { type LiveServerProcess, spawnBareLive, spawnReferenceLive } from '../live/spawnLiveServer.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { summarize } from '../summarize.ts';

/** Idle connections measured. */
const CONNECTIONS = 10_000;
/** Opened first and kept, so that loading code and first allocations stay out of the difference. */
const WARM = 200;

/**
 * The server's resident memory per idle live connection, at 10,000
 * authenticated connections (all of the demo user's tool space), as the
 * growth of the process's RSS from 200 connections to 10,200, divided by
 * 10,000. Baseline: the same count of plain connections on a bare `ws` server.
 * Each sample starts a fresh server process.
 */
const liveIdle = defineFigure({ name: 'live.idle', order: 59 }, async (context) => {
  const samples = await sampleInterleaved({
    warmup: 0,
    runs: 3,
    variants: {
      reference: () => perConnection(() => spawnReferenceLive(CONNECTIONS + WARM), DEMO_TOKENS.tool),
      bare: () => perConnection(spawnBareLive),
    },
    onRun: (run) => context.log(`live.idle: run ${run} of 3`),
  });
  const note = `bare ws server: ${formatNumber(summarize(samples.bare).median)} KB per connection; RSS growth over ${CONNECTIONS.toLocaleString('en')} connections`;
  const title = `server memory per idle live connection, at ${CONNECTIONS.toLocaleString('en')}`;
  return [makeRow({ name: 'live.idle', title, unit: 'KB', samples: samples.reference, baseline: samples.bare, target: { of: 'value', op: '<=', limit: 20 }, note })];
});

/** KB of RSS one more idle connection costs a fresh server. */
async function perConnection(start: () => Promise<LiveServerProcess>, token?: string): Promise<number> {
  const server = await start();
  try {
    const warm = await openLiveClients(server.url, WARM, token);
    await settle();
    const before = await server.rss();
    const idle = await openLiveClients(server.url, CONNECTIONS, token);
    await settle();
    const after = await server.rss();
    await idle.close();
    await warm.close();
    return (after - before) / CONNECTIONS / 1024;
  } finally {
    await server.stop();
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export default liveIdle;
