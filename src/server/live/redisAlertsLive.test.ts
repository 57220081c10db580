import { describe, expect, it } from 'vitest';
import { send } from '../testing/apiTestClient.ts';
import type { LiveTestClient } from '../testing/liveTestClient.ts';
import type { RunningApiServer } from '../startApiServer.ts';
import { twoInstancesOnRedis } from '../testing/twoInstancesOnRedis.ts';

// Two API instances on one redis-server: the alert controls reach every page of the streamer on both.
// How fast (the 250 ms) is measured by the bench's alert.control row, not here.
let a: RunningApiServer;
let b: RunningApiServer;
const { live } = twoInstancesOnRedis({ live: { pingIntervalMs: 60_000 } }, (started) => ({ a, b } = started));

/** Sends the request, and answers the next message each socket hears. */
async function delivery(sockets: LiveTestClient[], request: () => Promise<unknown>) {
  const heard = sockets.map(async (socket) => ({ message: await socket.next(5_000) }));
  await request();
  return Promise.all(heard);
}


describe('the alert controls on two instances of one Redis', () => {
  it('a command on one instance reaches the sockets of every kind on both; the state is shared', async () => {
    const sockets = await Promise.all([live(b, 'event-1001'), live(b, 'tool-1001'), live(a, 'game-1001'), live(b, 'background-1001')]);
    await delivery(sockets, () => send(a.url, 'POST', '/me/alerts/resume', { token: 'site-1001' }));
    const paused = await delivery(sockets, () => send(a.url, 'POST', '/me/alerts/pause', { token: 'deck-1001' }));
    for (const { message } of paused) expect(message).toEqual({ type: 'alerts', state: { paused: true, muted: false, showing: null, waiting: 0 } });
    expect((await send(b.url, 'GET', '/me/alerts', { token: 'site-1001' })).body).toMatchObject({ paused: true });

    const skipped = await delivery(sockets, () => send(a.url, 'POST', '/me/alerts/skip', { token: 'site-1001' }));
    expect(skipped[0]!.message).toEqual({ type: 'alertCommand', command: 'skip', id: expect.any(String) });
    for (const { message } of skipped) expect(message).toEqual(skipped[0]!.message);

    // Two toggles at once on two instances: both count.
    await Promise.all([send(a.url, 'POST', '/me/alerts/toggle-mute', { token: 'site-1001' }), send(b.url, 'POST', '/me/alerts/toggle-mute', { token: 'deck-1001' })]);
    expect((await send(a.url, 'GET', '/me/alerts', { token: 'event-1001' })).body).toMatchObject({ paused: true, muted: false });
    await send(a.url, 'POST', '/me/alerts/resume', { token: 'site-1001' });
  });

  it("a page's report on one instance is what GET /me/alerts answers on the other, and every socket hears it", async () => {
    const socket = await live(a, 'tool-1001');
    const report = { showing: null, waiting: 4, held: 'hidden' };
    const [heard] = await delivery([socket], () => send(b.url, 'POST', '/me/alerts/report', { token: 'event-1001', body: report }));
    expect(heard!.message).toEqual({ type: 'alerts', state: { paused: false, muted: false, ...report } });
    expect((await send(a.url, 'GET', '/me/alerts', { token: 'deck-1001' })).body).toEqual({ paused: false, muted: false, ...report });
  });
});
