import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataChange } from '../client/index.ts';
import { QueueWorld } from '../client/testing/QueueWorld.ts';
import { NO_RENEWAL, renewTokenOnRefusal } from './renewTokenOnRefusal.ts';

const MOD = 'demo.event.alerts';
let world: QueueWorld;
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  world?.close();
});

/** A page that only listens: a live queue with the page's token renewal, and no write ever made. */
async function listeningPage(renewable: boolean) {
  world = new QueueWorld();
  const tab = await world.startedTab({ token: 'old-token', live: world.live });
  const heard: DataChange[] = [];
  tab.data.onChange((change) => heard.push(change));
  const problems: string[] = [];
  let issued = 0;
  stops.push(
    renewTokenOnRefusal({
      status: tab.queue.status.status,
      renew: renewable ? async () => `fresh-${++issued}` : undefined,
      setToken: (token) => tab.client.setToken(token),
      problems: { report: (message) => problems.push(message), resolve: () => problems.splice(0), has: (message) => problems.includes(message) },
    }),
  );
  await vi.waitFor(() => expect(world.sockets.all).toHaveLength(1));
  world.sockets.last.open();
  world.sockets.last.message({ type: 'ready', cursor: 'c0' });
  await vi.waitFor(() => expect(tab.data.status().live).toBe('live'));
  return { tab, heard, problems };
}

/** The API restarted: it forgot the exchanged token and refuses it on the live socket. */
function restartRefusesToken(): void {
  world.sockets.last.end(4401, 'Invalid token');
}

describe('renewTokenOnRefusal: the live socket refused the token', () => {
  it('exchanges again on a 4401, reconnects with the new token from its cursor, and hears changes again', async () => {
    const { tab, heard, problems } = await listeningPage(true);
    world.sockets.last.message({ type: 'change', cursor: 'c1', moduleId: MOD, name: 'n', value: 1, from: 'outside' });
    restartRefusesToken();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(2));
    expect(tab.client.currentToken()).toBe('fresh-1');
    world.sockets.last.open();
    expect(world.sockets.last.sent).toEqual([{ type: 'auth', token: 'fresh-1', since: 'c1' }]);
    world.clock.advance(1000);
    world.sockets.last.message({ type: 'ready', cursor: 'c1' });
    world.sockets.last.message({ type: 'change', cursor: 'c2', moduleId: MOD, name: 'n', value: 2, from: 'outside' });
    await vi.waitFor(() => expect(heard.map((change) => change.value)).toEqual([1, 2]));
    expect(tab.queue.status.state.value).toBe('online');
    expect(problems).toEqual([]);

    // A second restart later is renewed too: the fresh token went live, which counts as taken
    // (without that, the renewal would take the next refusal for a fresh token refused at once).
    restartRefusesToken();
    await vi.waitFor(() => expect(world.sockets.all).toHaveLength(3));
    world.sockets.last.open();
    expect(world.sockets.last.sent).toEqual([{ type: 'auth', token: 'fresh-2', since: 'c2' }]);
  });

  it('a page opened with token= cannot renew: it says so and waits for a valid token', async () => {
    const { tab, problems } = await listeningPage(false);
    restartRefusesToken();
    await vi.waitFor(() => expect(problems).toEqual([NO_RENEWAL]));
    expect(tab.queue.status.state.value).toBe('auth-required');
    expect(tab.client.currentToken()).toBe('old-token');
  });
});
