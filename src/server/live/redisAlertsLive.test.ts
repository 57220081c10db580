import { describe, expect, it } from 'vitest';
import { isOlderAlertsRevision, type LiveAlertsMessage, type LiveServerMessage } from '../../api/index.ts';
import { createAlertControl } from '../alerts/index.ts';
import type { ApiServices } from '../ComposedApi.ts';
import { type ApiAppOptions, createApiApp } from '../http/index.ts';
import { send } from '../testing/apiTestClient.ts';
import type { LiveTestClient } from '../testing/liveTestClient.ts';
import type { RunningApiServer } from '../startApiServer.ts';
import { twoInstancesOnRedis } from '../testing/twoInstancesOnRedis.ts';

// Two API instances on one redis-server: the alert controls reach every page of the streamer on both.
// How fast (the 250 ms) is measured by the bench's alert.control row, not here.
let a: RunningApiServer;
let b: RunningApiServer;
const { live, start } = twoInstancesOnRedis({ live: { pingIntervalMs: 60_000 } }, (started) => ({ a, b } = started));

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
    for (const { message } of paused) expect(message).toMatchObject({ type: 'alerts', state: { paused: true, muted: false, showing: null, waiting: 0 } });
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
    expect(heard!.message).toEqual({ type: 'alerts', state: { paused: false, muted: false, ...report }, revision: { epoch: expect.any(String), n: expect.any(Number) } });
    expect((await send(a.url, 'GET', '/me/alerts', { token: 'deck-1001' })).body).toEqual({ paused: false, muted: false, ...report });
  });

  it('two state changes made at once on two instances may go out in either order: the older one carries the lower revision', async () => {
    // Instance C holds its state message back until told: its change is stored first, its message goes out last.
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const c = await start({
      // The app's options are composeApi's services as the server serves them: the alert store and notices among them.
      wrap: (app) => {
        const { alerts, notices } = app as ApiAppOptions & Required<Pick<ApiServices, 'alerts' | 'notices'>>;
        const slow = {
          ...notices,
          async alerts(userId: string, message: Parameters<typeof notices.alerts>[1]) {
            reached();
            await gate;
            await notices.alerts(userId, message);
          },
        };
        return createApiApp({ ...app, alertControl: createAlertControl({ store: alerts, notices: slow }) });
      },
    });
    try {
      await send(a.url, 'POST', '/me/alerts/resume', { token: 'site-1001' });
      const socket = await live(b, 'event-1001');
      const pausing = send(c.url, 'POST', '/me/alerts/pause', { token: 'site-1001' });
      await held;
      const [resumed] = await delivery([socket], () => send(a.url, 'POST', '/me/alerts/resume', { token: 'site-1001' }));
      const [paused] = await delivery([socket], async () => {
        release();
        await pausing;
      });
      const newer = resumed!.message as LiveAlertsMessage;
      const older = paused!.message as LiveAlertsMessage;
      expect(older).toMatchObject({ type: 'alerts', state: { paused: true } });
      expect(newer).toMatchObject({ type: 'alerts', state: { paused: false } });
      // The last message heard is the older state: a receiver that applies by revision keeps the stored one.
      expect(isOlderAlertsRevision(older.revision, newer.revision)).toBe(true);
      expect(applyByRevision([newer, older])).toMatchObject({ paused: false });
      expect((await send(b.url, 'GET', '/me/alerts', { token: 'site-1001' })).body).toMatchObject({ paused: false });
      // A socket that connects now takes the stored state from its ready, at the newer revision.
      const fresh = await live(a);
      const ready = (await fresh.auth('tool-1001')) as Extract<LiveServerMessage, { type: 'ready' }>;
      expect(ready.alerts).toEqual({ state: newer.state, revision: newer.revision });
    } finally {
      release();
      await c.close();
    }
  });
});

/** What a page ends showing after `messages` in this order, dropping a state older than one it applied. */
function applyByRevision(messages: LiveAlertsMessage[]) {
  let applied: LiveAlertsMessage | undefined;
  for (const message of messages) if (!applied || !isOlderAlertsRevision(message.revision, applied.revision)) applied = message;
  return applied?.state;
}
