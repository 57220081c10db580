import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../api/index.ts';
import { type ApiAnswer, startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';

let api: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.server.close());

const post = (body: unknown, token = 'tool-1001', headers: Record<string, string> = {}) => api.request('POST', '/me/events', { token, body, headers });
const raid = (over: Record<string, unknown> = {}) => ({ type: 'channel.raid', event: { from_broadcaster_user_name: 'Pabu', viewers: 42 }, ...over });
const record = (answer: ApiAnswer) => answer.body as StreamEvent;

describe('POST /me/events', () => {
  it('stores the record (201) with website, overlay and Stream Deck tokens; a repeated id answers 200 with the stored one', async () => {
    const created = await post(raid({ id: 'post-1', test: true }));
    expect(created.status).toBe(201);
    expect(record(created)).toEqual({
      id: 'post-1',
      at: expect.any(Number),
      source: 'api',
      test: true,
      subscription: { type: 'channel.raid', version: '1' },
      event: { from_broadcaster_user_name: 'Pabu', viewers: 42 },
    });
    const again = await post(raid({ id: 'post-1', event: { viewers: 1 } }), 'site-1001');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    expect((await post(raid(), 'site-1001')).status).toBe(201);
    const deck = await post({ type: 'custom.next-question', event: {} }, 'deck-1001');
    expect(deck.status).toBe(201);
    expect(record(deck)).toMatchObject({ source: 'api', subscription: { type: 'custom.next-question' }, event: {} });
  });

  it('works with the documented curl command, as a Stream Deck or Companion button sends it', async () => {
    const { stdout } = await promisify(execFile)('curl', [
      '-s', '-X', 'POST', `${api.server.url}/me/events`, '-H', 'Authorization: Bearer deck-1002', '-d', '{"type":"custom.next-question","event":{}}',
    ]);
    const body = JSON.parse(stdout);
    expect(body.data ?? body).toMatchObject({ subscription: { type: 'custom.next-question', version: '1' }, event: {} });
    const history = await api.request('GET', '/me/events', { token: 'site-1002' });
    expect((history.body as { events: StreamEvent[] }).events.at(-1)).toMatchObject({ subscription: { type: 'custom.next-question' } });
  });

  it('answers 400 naming the bad member', async () => {
    const cases: [unknown, RegExp][] = [
      [{ event: {} }, /type is required/],
      [raid({ type: 'Channel.Raid' }), /type must be lower-case dotted words/],
      [raid({ type: 'raid' }), /type must be/],
      [raid({ type: `custom.${'x'.repeat(100)}` }), /type must be/],
      [{ type: 'channel.raid' }, /event is required/],
      [raid({ event: [1] }), /event must be a JSON object, got an array/],
      [raid({ event: 'x' }), /event must be a JSON object, got string/],
      [raid({ id: '' }), /id must be a string of 1 to 128/],
      [raid({ id: 'x'.repeat(129) }), /id must be/],
      [raid({ version: 1 }), /version must be a string/],
      [raid({ test: 'yes' }), /test must be true or false/],
      ['{"type":', /Invalid JSON body/],
      [[raid()], /expected a JSON object with type and event, got an array/],
    ];
    for (const [body, message] of cases) expectError(await post(body), 400, message);
  });

  it('answers 413 for an event over 16 KiB (and takes one of exactly 16 KiB)', async () => {
    const padding = (bytes: number) => ({ p: 'x'.repeat(bytes - 8) });
    expect(JSON.stringify(padding(16384)).length).toBe(16384);
    expect((await post(raid({ event: padding(16384) }))).status).toBe(201);
    expectError(await post(raid({ event: padding(16385) })), 413, /over the limit of 16384 bytes/);
  });

  it('answers 415 for a media type that is not JSON, 401 without a valid token', async () => {
    expectError(await post(JSON.stringify(raid()), 'tool-1001', { 'Content-Type': 'text/plain' }), 415, /Content-Type must be application\/json, got "text\/plain"/);
    expect((await post(JSON.stringify(raid()), 'tool-1001', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(201);
    expectError(await api.request('POST', '/me/events', { body: raid() }), 401, /no Bearer token/);
    expectError(await post(raid(), 'forged'), 401, /invalid Bearer token/);
  });

  it('answers 429 with Retry-After past the per-user rate, other users unaffected', async () => {
    const limited = await startTestServer({ eventRate: { perSecond: 1, burst: 3 } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.request('POST', '/me/events', { token: 'tool-1001', body: raid() })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await limited.request('POST', '/me/events', { token: 'site-1001', body: raid() });
      expectError(refused, 429, /too many events posted for this user; retry in 1 s/);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect((await limited.request('POST', '/me/events', { token: 'tool-1002', body: raid() })).status).toBe(201);
    } finally {
      await limited.server.close();
    }
  });
});

describe('GET /me/events, GET /me/live/events, POST /me/events/<id>/replay', () => {
  it('pages the history oldest first, with limits checked', async () => {
    const user = 'game-1002';
    const ids = ['h1', 'h2', 'h3'];
    for (const id of ids) await post(raid({ id }), user);
    const newest = await api.request('GET', '/me/events?limit=2', { token: user });
    expect(newest.status).toBe(200);
    const page = newest.body as { events: StreamEvent[]; cursor: string; gap: boolean };
    expect(page.events.map((e) => e.id)).toEqual(['h2', 'h3']);
    expect(page.gap).toBe(false);
    const all = (await api.request('GET', '/me/events?limit=1000', { token: user })).body as typeof page;
    const h1 = all.events.findIndex((e) => e.id === 'h1');
    const after = await api.request('GET', `/me/events?limit=1&after=${encodeURIComponent((await cursorBefore(user, h1 + 1))!)}`, { token: user });
    expect((after.body as typeof page).events.map((e) => e.id)).toEqual(['h2']);
    for (const bad of ['0', '1001', 'x', '1.5']) expectError(await api.request('GET', `/me/events?limit=${bad}`, { token: user }), 400, /limit must be an integer from 1 to 1000/);
    expectError(await api.request('GET', '/me/events?limit=1&limit=2', { token: user }), 400, /limit is repeated/);
    const foreign = (await api.request('GET', '/me/events?after=elsewhere:1', { token: user })).body as typeof page;
    expect(foreign.gap).toBe(true);
  });

  it('gives the hosted shape: payloads per type, newest first, since start, without test events', async () => {
    const user = 'background-1002';
    const before = Date.now();
    await post(raid({ event: { n: 1 } }), user);
    await post(raid({ event: { n: 2 } }), user);
    await post({ type: 'channel.follow', event: { user_name: 'ann' } }, user);
    await post(raid({ event: { n: 3 }, test: true }), user);
    const answer = await api.request('GET', `/me/live/events?start=${before}`, { token: user });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ 'channel.raid': [{ n: 2 }, { n: 1 }], 'channel.follow': [{ user_name: 'ann' }] });
    expect((answer.body as Record<string, unknown[]>)['channel.raid']).toHaveLength(2);
    expect((await api.request('GET', `/me/live/events?start=${Date.now() + 60_000}`, { token: user })).body).toEqual({});
    expectError(await api.request('GET', '/me/live/events?start=yesterday', { token: user }), 400, /start must be a Unix time in milliseconds/);
  });

  it('replays a stored event (202, marked replayed), 404 for an unknown id, ids with any characters', async () => {
    await post(raid({ id: 'a/b c?' }), 'event-1001');
    const replayed = await api.request('POST', `/me/events/${encodeURIComponent('a/b c?')}/replay`, { token: 'site-1001' });
    expect(replayed.status).toBe(202);
    expect(replayed.body).toMatchObject({ id: 'a/b c?', replayed: true });
    expectError(await api.request('POST', '/me/events/never/replay', { token: 'site-1001' }), 404, 'Not found - no stored event with id "never"');
    expectError(await api.request('POST', `/me/events/${encodeURIComponent('a/b c?')}/replay`, { token: 'site-1002' }), 404);
  });

  it('answers 405 with Allow on the event paths', async () => {
    const wrong = await api.request('DELETE', '/me/events', { token: 'site-1001' });
    expectError(wrong, 405);
    expect(wrong.headers.get('allow')).toBe('POST, GET, OPTIONS');
    const replay = await api.request('GET', '/me/events/x/replay', { token: 'site-1001' });
    expect(replay.headers.get('allow')).toBe('POST, OPTIONS');
    expectError(await api.request('POST', '/me/events/x/replay/more', { token: 'site-1001' }), 404);
  });
});

describe('the Stream Deck token', () => {
  it('may post events and nothing else (403 naming what it may do); validate says context streamdeck', async () => {
    const validation = await api.request('GET', '/auth/validate', { token: 'deck-1001' });
    expect(validation.body).toEqual({ context: 'streamdeck', userId: '1001', userName: 'alice', expiresAt: null });
    const refusals = [
      api.request('GET', '/me', { token: 'deck-1001' }),
      api.request('GET', '/me/events', { token: 'deck-1001' }),
      api.request('GET', '/me/live/events', { token: 'deck-1001' }),
      api.request('POST', '/me/events/x/replay', { token: 'deck-1001' }),
      api.request('GET', '/me/database?id=m&key=k', { token: 'deck-1001' }),
      api.write('deck-1001', 'm', 'k', 1),
    ];
    for (const answer of await Promise.all(refusals)) expectError(answer, 403, /the Stream Deck token may only post events \(POST \/me\/events\)/);
  });
});

/** The cursor just before the `index`-th event of the user's history (the end cursor of a page of `index` events). */
async function cursorBefore(token: string, index: number): Promise<string | undefined> {
  if (index === 0) return undefined;
  const pageOf = async (after?: string) => (await api.request('GET', `/me/events?limit=1${after ? `&after=${encodeURIComponent(after)}` : ''}`, { token })).body as { cursor: string };
  let cursor: string | undefined = 'x:0';
  for (let i = 0; i < index; i++) cursor = (await pageOf(cursor)).cursor;
  return cursor;
}
