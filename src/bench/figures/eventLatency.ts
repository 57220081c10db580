import { fileURLToPath } from 'node:url';
import { LIVE_PATH } from '../../api/index.ts';
import { DEMO_TOKENS } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { SocketListener } from '../live/SocketListener.ts';
import { timePatchToChange } from '../live/timePatchToChange.ts';
import { timeUntilHeard } from '../live/timeUntilHeard.ts';
import { makeRow } from '../makeRow.ts';
import { sampleInterleaved } from '../sampleInterleaved.ts';
import { spawnListening, spawnReferenceServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';
import { withRedis } from '../server/withRedis.ts';

const BARE_LIVE = new URL('../live/liveBareServer.ts', import.meta.url);
const TSX_LOADER = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

/**
 * `POST /me/events` to API instance A until a WebSocket client connected to
 * instance B (both on one Redis) hears the `event` message: auth, rate
 * limit, dedupe, the Redis append script, pub/sub to B and B's relay. The
 * floor, in the same rounds: live.latency's bare node:http server, which
 * pushes a message over a raw WebSocket as it answers the POST. Both
 * receivers are Node `ws` clients in this process. In the note, the same
 * rounds' PATCH until `change` over the same two instances: the database
 * write's path, which pays the same Redis hop (and its AOF fsync).
 */
const eventLatency = defineFigure({ name: 'event.latency', order: 58 }, async () => {
  return withRedis(async (redis) => {
    const servers = await startServers({
      a: () => spawnReferenceServer(redis.url),
      b: () => spawnReferenceServer(redis.url),
      bare: () => spawnListening(process.execPath, ['--import', TSX_LOADER, fileURLToPath(BARE_LIVE)]),
    });
    try {
      return [await measure(servers)];
    } finally {
      await stopServers(servers);
    }
  });
});

async function measure(servers: Record<'a' | 'b' | 'bare', { url: string }>) {
  const ours = await SocketListener.open(servers.b.url + LIVE_PATH, (m) => (m as { event?: { event?: { n?: number } } }).event?.event?.n, {
    type: 'auth',
    token: DEMO_TOKENS.tool,
  });
  const bare = await SocketListener.open(`${servers.bare.url}/changes`, (m) => (m as { value?: number }).value);
  const changes = await SocketListener.open(servers.b.url + LIVE_PATH, (m) => (m as { type?: string; value?: number }).type === 'change' ? (m as { value: number }).value : undefined, {
    type: 'auth',
    token: DEMO_TOKENS.tool,
  });
  let n = 0;
  try {
    const samples = await sampleInterleaved({
      warmup: 10,
      runs: 200,
      variants: {
        ours: () => timePost(`${servers.a.url}/me/events`, { type: 'custom.bench', event: { n: ++n } }, ours, n),
        bare: () => timePost(`${servers.bare.url}/me/events`, { id: 'bench', key: 'k', value: ++n }, bare, n),
        // The database write's live path, for comparison: PATCH through A until B's socket hears `change`.
        patch: () => timePatchToChange({ url: servers.a.url, token: DEMO_TOKENS.tool, id: 'bench.writer', key: 'live' }, changes, ++n),
      },
    });
    return makeRow({
      name: 'event.latency',
      title: 'POST /me/events until a socket on another instance hears it (p50)',
      unit: 'ms',
      samples: samples.ours,
      baseline: samples.bare,
      target: { of: 'ratio', op: '<=', limit: 2 },
      note: `p99 ${formatNumber(p99(samples.ours))} ms (floor ${formatNumber(p99(samples.bare))} ms); PATCH until change on the same instances: median ${formatNumber(median(samples.patch))} ms; POST to instance A, ws client on instance B, one Redis`,
    });
  } finally {
    ours.close();
    bare.close();
    changes.close();
  }
}

/** Milliseconds from sending the POST until the listener heard `n` (the answer is awaited too, before the next run). */
function timePost(url: string, body: unknown, listener: SocketListener, n: number): Promise<number> {
  return timeUntilHeard(listener, n, () =>
    fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  );
}


function median(samples: readonly number[]): number {
  return [...samples].sort((x, y) => x - y)[Math.floor(samples.length / 2)]!;
}

function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

export default eventLatency;
