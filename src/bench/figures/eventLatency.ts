import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { LIVE_PATH } from '../../api/index.ts';
import { DEMO_TOKENS } from '../../server/index.ts';
import type { Figure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { SocketListener } from '../live/SocketListener.ts';
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
 * receivers are Node `ws` clients in this process.
 */
const eventLatency: Figure = {
  name: 'event.latency',
  order: 58,
  rows: ['event.latency'],
  async run() {
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
  },
};

async function measure(servers: Record<'a' | 'b' | 'bare', { url: string }>) {
  const ours = await SocketListener.open(servers.b.url + LIVE_PATH, (m) => (m as { event?: { event?: { n?: number } } }).event?.event?.n, {
    type: 'auth',
    token: DEMO_TOKENS.tool,
  });
  const bare = await SocketListener.open(`${servers.bare.url}/changes`, (m) => (m as { value?: number }).value);
  let n = 0;
  try {
    const samples = await sampleInterleaved({
      warmup: 10,
      runs: 200,
      variants: {
        ours: () => timePost(`${servers.a.url}/me/events`, { type: 'custom.bench', event: { n: ++n } }, ours, n),
        bare: () => timePost(`${servers.bare.url}/me/events`, { id: 'bench', key: 'k', value: ++n }, bare, n),
      },
    });
    return makeRow({
      name: 'event.latency',
      title: 'POST /me/events until a socket on another instance hears it (p50)',
      unit: 'ms',
      samples: samples.ours,
      baseline: samples.bare,
      target: { of: 'ratio', op: '<=', limit: 2 },
      note: `p99 ${formatNumber(p99(samples.ours))} ms (floor ${formatNumber(p99(samples.bare))} ms); POST to instance A, ws client on instance B, one Redis`,
    });
  } finally {
    ours.close();
    bare.close();
  }
}

/** Milliseconds from sending the POST until the listener heard `n` (the answer is awaited too, before the next run). */
async function timePost(url: string, body: unknown, listener: SocketListener, n: number): Promise<number> {
  const heard = listener.next(n);
  const startedAt = performance.now();
  const answer = fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await heard;
  const elapsed = performance.now() - startedAt;
  const response = await answer;
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST answered ${response.status}`);
  return elapsed;
}

function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

export default eventLatency;
