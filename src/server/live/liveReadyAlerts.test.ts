import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { RevisedAlertsState } from '../../api/index.ts';
import { createMemoryRegistry } from '../registry/index.ts';
import { StoreUnavailableError } from '../store/index.ts';
import { connectLive, type LiveTestClient } from '../testing/liveTestClient.ts';
import { TEST_SEED } from '../testing/testSeed.ts';
import { createLiveEndpoint } from './createLiveEndpoint.ts';
import { createLocalChangeFeed } from './localChangeFeed.ts';

const STATE: RevisedAlertsState = { state: { paused: true, muted: false, showing: null, waiting: 2 }, revision: { epoch: 'e1', n: 4 } };
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A live endpoint whose alert state read answers when the test says. */
async function serveWithSlowAlerts(fails = false) {
  const feed = createLocalChangeFeed();
  let asked!: () => void;
  const reading = new Promise<void>((resolve) => (asked = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const alerts = async () => {
    asked();
    await answered;
    if (fails) throw new StoreUnavailableError('redis unavailable: gone');
    return STATE;
  };
  const endpoint = createLiveEndpoint({ feed, registry: createMemoryRegistry(TEST_SEED), alerts, live: { pingIntervalMs: 60_000 } });
  const server = createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => endpoint.handleUpgrade(request, socket, head) || socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)), () => endpoint.close());
  const client: LiveTestClient = await connectLive(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  closers.push(() => client.close());
  client.sendJson({ type: 'auth', token: 'tool-1001' });
  await reading;
  return { feed, client, answer };
}

it('ready carries the alert state read once the feed listens; what came while it was read follows the ready, in order', async () => {
  const { feed, client, answer } = await serveWithSlowAlerts();
  await feed.notify({ userId: '1001', kind: 'tool' }, JSON.stringify({ type: 'alerts', ...STATE, revision: { epoch: 'e1', n: 5 } }));
  feed.publish({ addr: { userId: '1001', kind: 'tool', moduleId: 'de.example.live', name: 'count' }, json: '1', from: 'w1' });
  expect(client.pending()).toEqual([]);
  answer();
  expect(await client.next()).toEqual({ type: 'ready', cursor: expect.any(String), alerts: STATE });
  expect(await client.next()).toEqual({ type: 'alerts', ...STATE, revision: { epoch: 'e1', n: 5 } });
  expect(await client.next()).toMatchObject({ type: 'change', name: 'count', value: 1 });
});

it('closes with 1013 when the alert state cannot be read', async () => {
  const { client, answer } = await serveWithSlowAlerts(true);
  answer();
  expect((await client.closed).code).toBe(1013);
});
