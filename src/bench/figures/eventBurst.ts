import { performance } from 'node:perf_hooks';
import { LIVE_PATH } from '../../api/index.ts';
import { DEMO_TOKENS } from '../../server/index.ts';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { SocketListener } from '../live/SocketListener.ts';
import { makeRow } from '../makeRow.ts';
import { spawnReferenceServer } from '../server/spawnServer.ts';
import { startServers, stopServers } from '../server/startServers.ts';
import { withRedis } from '../server/withRedis.ts';

const EVENTS = 1000;
const CLIENTS = 10;
const ROUNDS = 5;
/** Above any burst a round makes, so that the rate limit (which still runs) never answers 429 between rounds. */
const FLAGS = ['--max-events-per-second', '100000', '--event-burst', '100000'];

interface Heard {
  type?: string;
  cursor?: string;
  event?: { event?: { round?: number; n?: number } };
}

/**
 * A gift bomb: 1,000 events posted to API instance A as fast as 10 clients
 * can, until a WebSocket client on instance B (one Redis) has all of them, in
 * the order the server accepted them (checked against `GET /me/events`).
 * Beside it, the events per second A accepted (first POST sent to last answer).
 */
const eventBurst = defineFigure({ name: 'event.burst', order: 59 }, async () => {
  return withRedis(async (redis) => {
    const servers = await startServers({ a: () => spawnReferenceServer(redis.url, FLAGS), b: () => spawnReferenceServer(redis.url, FLAGS) });
    try {
      const listener = await SocketListener.open(servers.b.url + LIVE_PATH, () => undefined, { type: 'auth', token: DEMO_TOKENS.tool });
      try {
        const rounds = [];
        for (let round = 0; round <= ROUNDS; round++) rounds.push(await burst(servers.a.url, listener, round));
        const kept = rounds.slice(1);
        const rates = kept.map((r) => r.acceptedPerSecond).sort((x, y) => x - y);
        return [
          makeRow({
            name: 'event.burst',
            title: `${EVENTS} events from ${CLIENTS} clients until a socket on another instance has all, in order`,
            unit: 'ms',
            samples: kept.map((r) => r.allHeardMs),
            target: { of: 'value', op: '<=', limit: 2000, also: 'all, in accepted order' },
            also: kept.every((r) => r.inOrder),
            note: `server accepted ${formatNumber(rates[Math.floor(rates.length / 2)]!)} events/s (median of ${ROUNDS} rounds); all heard in accepted order in ${kept.filter((r) => r.inOrder).length} of ${ROUNDS} rounds; POST to instance A, ws client on instance B, one Redis`,
          }),
        ];
      } finally {
        listener.close();
      }
    } finally {
      await stopServers(servers);
    }
  });
});

async function burst(url: string, listener: SocketListener, round: number) {
  const ofRound = () => (listener.messages as Heard[]).filter((m) => m.type === 'event' && m.event?.event?.round === round);
  const startedAt = performance.now();
  let next = 0;
  const client = async () => {
    while (next < EVENTS) {
      const n = next++;
      const response = await fetch(`${url}/me/events`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'channel.subscription.gift', event: { round, n, user_name: `gifter${n}` } }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
    }
  };
  const heard = listener.until(() => ofRound().length >= EVENTS, 30_000).then(() => performance.now() - startedAt);
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const postedMs = performance.now() - startedAt;
  const allHeardMs = await heard;
  return { allHeardMs, acceptedPerSecond: (EVENTS * 1000) / postedMs, inOrder: await inAcceptedOrder(url, ofRound()) };
}

/** True when the socket heard exactly the stored sequence of the round (ids and cursors, in the same order). */
async function inAcceptedOrder(url: string, heard: Heard[]): Promise<boolean> {
  const response = await fetch(`${url}/me/events?limit=${EVENTS}`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.website}` } });
  const { events } = (await response.json()) as { events: { event: { n: number } }[] };
  const stored = events.map((e) => e.event.n).join();
  return heard.length === EVENTS && heard.map((m) => m.event!.event!.n).join() === stored;
}

export default eventBurst;
