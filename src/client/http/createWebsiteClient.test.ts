import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';
import { createWebsiteClient } from './createWebsiteClient.ts';

/** A fetch answering by `METHOD /path`, recording method, path, token and If-Match. */
function routes(table: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    const headers = new Headers(init?.headers);
    asked.push(`${key} ${headers.get('authorization') ?? '-'} ${headers.get('if-match') ?? '-'}`);
    return table[key]?.() ?? json(404, { code: 'NOT_FOUND', message: 'Not found' });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const clientOf = (fetch: typeof globalThis.fetch) => createWebsiteClient({ baseUrl: 'https://api.example/', getToken: () => 'web-1', fetch });

describe('createWebsiteClient', () => {
  it('reads the profile with its ETag (with another token when given) and writes it whole with If-Match', async () => {
    const profile = sampleProfile();
    const api = routes({
      'GET /me': () => json(200, { meta: {}, data: profile }, { ETag: '"v1"' }),
      'PUT /me/selected': () => json(200, profile, { ETag: '"v2"' }),
      'PUT /me/favs': () => json(412, { code: 'PRECONDITION_FAILED', message: 'stale' }),
    });
    const client = clientOf(api.fetch);
    expect(await client.profile.read()).toEqual({ profile, etag: '"v1"' });
    await client.profile.read('offered');
    expect(await client.profile.putSelection({ game: '', tools: [], background: '', event: '' }, '"v1"')).toEqual({ ok: true, profile, etag: '"v2"' });
    expect(await client.profile.putFavourites({ games: [], tools: [], backgrounds: [], events: [] }, '"v0"')).toEqual({ ok: false, conflict: true });
    expect(api.asked).toEqual(['GET /me Bearer web-1 -', 'GET /me Bearer offered -', 'PUT /me/selected Bearer web-1 "v1"', 'PUT /me/favs Bearer web-1 "v0"']);
  });

  it('a refused write rejects with the server message; a rotation answers the new secret', async () => {
    const api = routes({
      'PUT /me/selected': () => json(400, { code: 'BAD_REQUEST', message: 'selected.game: unknown module' }),
      'POST /me/overlays/tool/rotate': () => json(200, { overlay: 'new-id' }),
      'POST /me/streamdeck/rotate': () => json(200, {}),
    });
    const client = clientOf(api.fetch);
    await expect(client.profile.putSelection({ game: 'x', tools: [], background: '', event: '' }, null)).rejects.toMatchObject({ status: 400, message: 'selected.game: unknown module' });
    expect(await client.profile.rotateOverlay('tool')).toBe('new-id');
    await expect(client.profile.rotateStreamDeck()).rejects.toThrow('the API answered without the new token');
  });

  it('an API without the Twitch or sessions routes answers null; a refused token rejects with its status', async () => {
    const client = clientOf(routes({ 'DELETE /me/sessions/gone': () => json(404, {}) }).fetch);
    expect(await client.twitch.state()).toBeNull();
    expect(await client.sessions.list()).toBeNull();
    await expect(client.sessions.revoke('gone')).resolves.toBeUndefined();
    const refusing = clientOf(routes({ 'GET /me/sessions': () => json(401, { code: 'UNAUTHORIZED', message: 'Invalid token' }) }).fetch);
    await expect(refusing.sessions.list()).rejects.toMatchObject({ status: 401 });
  });

  it('reads the API root without a token: its sign-up and routes', async () => {
    const api = routes({ 'GET /': () => json(200, { signup: 'twitch', endpoints: [{ method: 'GET', path: '/me' }, null] }) });
    expect(await clientOf(api.fetch).root()).toEqual({ signup: 'twitch', routes: new Set(['GET /me']) });
    expect(api.asked).toEqual(['GET / - -']);
  });
});
