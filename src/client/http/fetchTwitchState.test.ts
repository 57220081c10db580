import { describe, expect, it } from 'vitest';
import { fetchTwitchState } from './fetchTwitchState.ts';

const STATE = { state: 'Twitch: log in again', message: 'Twitch: log in again — run npm run twitch-login -- --user 1001' };

/** A fetch that answers `status` and `body`, and records what was asked. */
function answering(status: number, body: unknown) {
  const asked: { url: string; auth: string | null }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

const client = { baseUrl: 'https://api.example', currentToken: () => 'tool-1001' };

describe('fetchTwitchState', () => {
  it('asks GET /me/twitch with the overlay\'s current token, bare or in the envelope', async () => {
    const bare = answering(200, STATE);
    expect(await fetchTwitchState({ client, fetch: bare.fetch })).toEqual(STATE);
    expect(bare.asked).toEqual([{ url: 'https://api.example/me/twitch', auth: 'Bearer tool-1001' }]);
    const wrapped = answering(200, { meta: { status: 200 }, data: STATE });
    expect(await fetchTwitchState({ client, fetch: wrapped.fetch })).toEqual(STATE);
  });

  it('is undefined on an API without Twitch (off) or without the route (404), and rejects a refused token or a body of another shape', async () => {
    expect(await fetchTwitchState({ client, fetch: answering(200, { state: 'off' }).fetch })).toBeUndefined();
    expect(await fetchTwitchState({ client, fetch: answering(404, { code: 'NOT_FOUND', message: 'Not found' }).fetch })).toBeUndefined();
    await expect(fetchTwitchState({ client, fetch: answering(401, { code: 'UNAUTHORIZED', message: 'Invalid token' }).fetch })).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(fetchTwitchState({ client, fetch: answering(200, { state: 'sleeping' }).fetch })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
