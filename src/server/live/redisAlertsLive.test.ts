import { describe, expect, it } from 'vitest';
import { send } from '../testing/apiTestClient.ts';
import type { LiveTestClient } from '../testing/liveTestClient.ts';
import type { RunningApiServer } from '../startApiServer.ts';
import { twoInstancesOnRedis } from '../testing/twoInstancesOnRedis.ts';

// Two API instances on one redis-server: the alert controls reach every page of the streamer on both, within 250 ms.
let a: RunningApiServer;
let b: RunningApiServer;
const { live } = twoInstancesOnRedis({ live: { pingIntervalMs: 60_000 } }, (started) => ({ a, b } = started));
const DELIVERY_MS = 250;

/** Sends the request, and answers how long each socket took to hear its next message (ms from the request's start), with the messages. */
async function timedDelivery(sockets: LiveTestClient[], request: () => Promise<unknown>) {
  const started = performance.now();
  const heard = sockets.map(async (socket) => {
    const message = await socket.next(5_000);
    return { message, ms: performance.now() - started };
  });
  await request();
  return Promise.all(heard);
}


describe('the alert controls on two instances of one Redis', () => {
  it('a command on one instance reaches the sockets of every kind on both within 250 ms; the state is shared', async () => {
    const sockets = await Promise.all([live(b, 'event-1001'), live(b, 'tool-1001'), live(a, 'game-1001'), live(b, 'background-1001')]);
    // Once untimed: the connections to Redis and the script cache are warm, as in a running deployment.
    await timedDelivery(sockets, () => send(a.url, 'POST', '/me/alerts/resume', { token: 'site-1001' }));
    const paused = await timedDelivery(sockets, () => send(a.url, 'POST', '/me/alerts/pause', { token: 'deck-1001' }));
    for (const { message } of paused) expect(message).toEqual({ type: 'alerts', state: { paused: true, muted: false, showing: null, waiting: 0 } });
    expect((await send(b.url, 'GET', '/me/alerts', { token: 'site-1001' })).body).toMatchObject({ paused: true });

    const skipped = await timedDelivery(sockets, () => send(a.url, 'POST', '/me/alerts/skip', { token: 'site-1001' }));
    expect(skipped[0]!.message).toEqual({ type: 'alertCommand', command: 'skip', id: expect.any(String) });
    for (const { message } of skipped) expect(message).toEqual(skipped[0]!.message);
    const slowest = Math.max(...[...paused, ...skipped].map(({ ms }) => ms));
    expect(slowest, `slowest delivery ${slowest.toFixed(0)} ms`).toBeLessThanOrEqual(DELIVERY_MS);

    // Two toggles at once on two instances: both count.
    await Promise.all([send(a.url, 'POST', '/me/alerts/toggle-mute', { token: 'site-1001' }), send(b.url, 'POST', '/me/alerts/toggle-mute', { token: 'deck-1001' })]);
    expect((await send(a.url, 'GET', '/me/alerts', { token: 'event-1001' })).body).toMatchObject({ paused: true, muted: false });
    await send(a.url, 'POST', '/me/alerts/resume', { token: 'site-1001' });
  });

  it("a page's report on one instance is what GET /me/alerts answers on the other, and every socket hears it", async () => {
    const socket = await live(a, 'tool-1001');
    const report = { showing: null, waiting: 4, held: 'hidden' };
    const [heard] = await timedDelivery([socket], () => send(b.url, 'POST', '/me/alerts/report', { token: 'event-1001', body: report }));
    expect(heard!.message).toEqual({ type: 'alerts', state: { paused: false, muted: false, ...report } });
    expect(heard!.ms).toBeLessThanOrEqual(DELIVERY_MS);
    expect((await send(a.url, 'GET', '/me/alerts', { token: 'deck-1001' })).body).toEqual({ paused: false, muted: false, ...report });
  });
});
