import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, type LiveServerMessage, LiveServerMessageSchema } from '../../api/index.ts';
import { type RunningApiServer, type StartApiServerOptions, startApiServer } from '../startApiServer.ts';
import { send } from '../testing/apiTestClient.ts';
import { connectLive, type LiveTestClient } from '../testing/liveTestClient.ts';
import { TEST_SEED } from '../testing/testSeed.ts';

let server: RunningApiServer;
const clients: LiveTestClient[] = [];
const start = (options: StartApiServerOptions = {}) => startApiServer({ seed: TEST_SEED, store: 'memory', ...options });
beforeAll(async () => {
  server = await start();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});
afterAll(() => server.close());

const post = (id: string, token = 'site-1001', on = server) => send(on.url, 'POST', '/me/events', { token, body: { type: 'channel.follow', event: { user_name: id }, id } });
/** A socket authenticated with `token` (and `eventsAfter`): its `ready` message. */
async function open(token: string, eventsAfter?: string, on = server): Promise<{ client: LiveTestClient; ready: LiveServerMessage }> {
  const client = await connectLive(on.url);
  clients.push(client);
  client.sendJson({ type: 'auth', token, ...(eventsAfter === undefined ? {} : { eventsAfter }) });
  return { client, ready: await client.next() };
}
const idOf = (message: LiveServerMessage) => (message.type === 'event' ? message.event.event.user_name : message.type);

describe('stream events on the live channel', () => {
  it('goes to every socket of the user, whatever its kind, once, in the schema of src/api', async () => {
    const { client: tool, ready } = await open('tool-1001');
    expect(ready).toEqual({ type: 'ready', cursor: expect.any(String), eventCursor: expect.any(String), alerts: { state: expect.any(Object), revision: expect.any(Object) } });
    const { client: game } = await open('event-1001');
    const { client: other } = await open('tool-1002');
    const first = await post('ann');
    await post('ann');
    await post('bob', 'deck-1001');
    for (const client of [tool, game]) {
      const message = await client.next();
      expect(LiveServerMessageSchema.parse(message)).toEqual({ type: 'event', cursor: expect.any(String), event: first.body });
      expect(idOf(await client.next())).toBe('bob');
    }
    await post('carl', 'site-1002');
    expect(idOf(await other.next())).toBe('carl');
    expect([...tool.pending(), ...game.pending()]).toEqual([]);
  });

  it('sends the events after eventsAfter first, in order, then new ones', async () => {
    const { client, ready } = await open('tool-1001');
    await post('r1');
    const seen = (await client.next()) as { cursor: string };
    await post('r2');
    await post('r3');
    await client.close();
    const again = await open('game-1001', seen.cursor);
    expect((again.ready as { eventCursor: string }).eventCursor).not.toBe((ready as { eventCursor: string }).eventCursor);
    expect(idOf(await again.client.next())).toBe('r2');
    expect(idOf(await again.client.next())).toBe('r3');
    await post('r4');
    expect(idOf(await again.client.next())).toBe('r4');
  });

  it('answers an eventsAfter it cannot replay with eventsReset at the current end', async () => {
    const { client, ready } = await open('tool-1001', 'from-another-server:12');
    expect(await client.next()).toEqual({ type: 'eventsReset', cursor: (ready as { eventCursor: string }).eventCursor });
  });

  it('bounds the replay: more events than allowed after the cursor give eventsReset', async () => {
    const bounded = await start({ events: { maxReplayEvents: 2 } });
    try {
      const { client, ready } = await open('tool-1001', undefined, bounded);
      for (const id of ['b1', 'b2', 'b3']) await post(id, 'site-1001', bounded);
      for (let i = 0; i < 3; i++) await client.next();
      const late = await open('tool-1001', (ready as { eventCursor: string }).eventCursor, bounded);
      expect(await late.client.next()).toEqual({ type: 'eventsReset', cursor: (late.ready as { eventCursor: string }).eventCursor });
    } finally {
      await bounded.close();
    }
  });

  it('sends a replay the streamer asks for, marked replayed', async () => {
    await post('again');
    const { client } = await open('tool-1001');
    expect((await send(server.url, 'POST', '/me/events/again/replay', { token: 'site-1001' })).status).toBe(202);
    const message = await client.next();
    expect(message).toMatchObject({ type: 'event', event: { id: 'again', replayed: true } });
  });

  it('refuses the Stream Deck token with 4403 and a clear reason', async () => {
    const client = await connectLive(server.url);
    clients.push(client);
    client.sendJson({ type: 'auth', token: 'deck-1001' });
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.forbidden, reason: 'Forbidden - the Stream Deck token may only post events (POST /me/events) and drive alerts (/me/alerts)' });
  });
});
