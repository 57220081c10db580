import { describe, expect, it } from 'vitest';
import type { LiveServerMessage, StreamEvent } from '../../api/index.ts';
import type { RunningApiServer } from '../startApiServer.ts';
import { twoInstancesOnRedis } from '../testing/twoInstancesOnRedis.ts';
import { send } from '../testing/apiTestClient.ts';
import { TEST_SEED } from '../testing/testSeed.ts';

// Two API instances on one real redis-server, as behind a load balancer.
let a: RunningApiServer;
let b: RunningApiServer;
const { live } = twoInstancesOnRedis({}, (started) => ({ a, b } = started));

const post = (on: RunningApiServer, id: string, token = 'site-1001') => send(on.url, 'POST', '/me/events', { token, body: { type: 'channel.cheer', event: { bits: 1 }, id } });
async function open(on: RunningApiServer, token: string, eventsAfter?: string) {
  const client = await live(on);
  client.sendJson({ type: 'auth', token, ...(eventsAfter === undefined ? {} : { eventsAfter }) });
  return { client, ready: (await client.next()) as LiveServerMessage & { eventCursor: string } };
}

describe('stream events across instances on one Redis', () => {
  it('reach the sockets of every instance in the accepted order, each once, whatever instance took them', async () => {
    const onA = await open(a, 'tool-1001');
    const onB = await open(b, 'game-1001');
    const ids = Array.from({ length: 60 }, (_, i) => `c${i % 40}`);
    const answers = await Promise.all(ids.map((id, i) => post(i % 2 ? a : b, id, i % 3 ? 'site-1001' : 'deck-1001')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(40);
    const stored = ((await send(a.url, 'GET', '/me/events?limit=100', { token: 'site-1001' })).body as { events: StreamEvent[] }).events.map((e) => e.id);
    expect(stored).toHaveLength(40);
    for (const { client } of [onA, onB]) {
      const heard: string[] = [];
      for (let i = 0; i < 40; i++) heard.push(((await client.next()) as { event: StreamEvent }).event.id);
      expect(heard).toEqual(stored);
    }
    expect([...onA.client.pending(), ...onB.client.pending()]).toEqual([]);
  });

  it('replays after a cursor one instance gave on another, and sends replays the streamer asks for everywhere', async () => {
    const first = await open(a, 'tool-1002');
    await post(a, 'x1', 'site-1002');
    const seen = (await first.client.next()) as { cursor: string };
    await post(b, 'x2', 'site-1002');
    const later = await open(b, 'tool-1002', seen.cursor);
    expect(((await later.client.next()) as { event: StreamEvent }).event.id).toBe('x2');
    expect((await send(a.url, 'POST', '/me/events/x1/replay', { token: 'site-1002' })).status).toBe(202);
    expect(await later.client.next()).toMatchObject({ type: 'event', event: { id: 'x1', replayed: true } });
  });

  it('knows the Stream Deck token on every instance, and a replaced profile brings a new one', async () => {
    expect((await send(b.url, 'GET', '/auth/validate', { token: 'deck-1001' })).body).toMatchObject({ context: 'streamdeck', userId: '1001' });
    const profile = structuredClone(TEST_SEED.users[0]!.profile);
    profile.streamdeck = { token: 'deck-1001-new' };
    expect(await a.registry.replaceProfile('1001', profile)).toBe(true);
    expect((await post(b, 'new-deck', 'deck-1001-new')).status).toBe(201);
    expect((await post(b, 'old-deck', 'deck-1001')).status).toBe(401);
    profile.streamdeck = { token: 'deck-1001' };
    await a.registry.replaceProfile('1001', profile);
  });
});
