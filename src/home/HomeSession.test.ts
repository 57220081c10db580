import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../api/testing/sampleProfile.ts';
import { HomeSession } from './HomeSession.ts';
import { memoryOf } from './testing/profileServer.ts';

/** A fetch answering by `METHOD /path`, recording what was asked with which token. */
function routes(table: Record<string, (auth: string | null) => Response>) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    const auth = new Headers(init?.headers).get('authorization');
    asked.push(`${key} ${auth ?? '-'}`);
    return table[key]?.(auth) ?? new Response('{"code":"NOT_FOUND","message":"Not found"}', { status: 404 });
  }) as typeof globalThis.fetch;
  return { asked, fetch };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('HomeSession', () => {
  it('signs in with a token: keeps it for the tab and reads the profile with its ETag (bare or wrapped)', async () => {
    const api = routes({ 'GET /me': (auth) => (auth === 'Bearer web-1' ? json({ meta: {}, data: sampleProfile() }, 200, { ETag: '"v1"' }) : json({}, 401)) });
    const memory = memoryOf();
    const session = new HomeSession({ apiBase: 'https://api.example/', memory, catalog: signal([]), fetch: api.fetch });
    expect(session.phase.value).toBe('signed-out');
    await session.signIn('web-1');
    expect(session.phase.value).toBe('ready');
    expect(session.userName.value).toBe('streamer');
    expect(session.etag.value).toBe('"v1"');
    expect(memory.token).toBe('web-1');
  });

  it('a refused token is forgotten and the page says why', async () => {
    const api = routes({ 'GET /me': () => json({ code: 'UNAUTHORIZED', message: 'Invalid token' }, 401) });
    const memory = memoryOf('old');
    const session = new HomeSession({ apiBase: 'https://api.example', memory, catalog: signal([]), fetch: api.fetch });
    await session.reload();
    expect(session.phase.value).toBe('signed-out');
    expect(session.error.value).toMatch(/refused \(Invalid token\)/);
    expect(memory.token).toBeUndefined();
  });

  it('reads the API root: Sign in with Twitch only for signup twitch; Sign out posts /auth/logout only where listed', async () => {
    const root = { signup: 'twitch', endpoints: [{ method: 'POST', path: '/auth/logout', token: 'website' }] };
    const api = routes({ 'GET /': () => json(root), 'GET /me': () => json(sampleProfile()), 'POST /auth/logout': () => new Response(null, { status: 204 }) });
    const session = new HomeSession({ apiBase: 'https://api.example', memory: memoryOf('web-1'), catalog: signal([]), fetch: api.fetch });
    await session.readRoot();
    expect(session.signup.value).toBe('twitch');
    await session.reload();
    await session.signOut();
    expect(api.asked).toContain('POST /auth/logout Bearer web-1');
    expect(session.phase.value).toBe('signed-out');
    expect(session.profile.value).toBeNull();

    const bare = routes({ 'GET /': () => json({ name: 'x', endpoints: [] }) });
    const plain = new HomeSession({ apiBase: 'https://api.example', memory: memoryOf('web-1'), catalog: signal([]), fetch: bare.fetch });
    await plain.readRoot();
    await plain.signOut();
    expect(plain.signup.value).toBeNull();
    expect(bare.asked).toEqual(['GET / -']);
  });

  it('an unreachable API keeps the profile shown and says so', async () => {
    let up = true;
    const fetch = (async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return json(sampleProfile());
    }) as typeof globalThis.fetch;
    const session = new HomeSession({ apiBase: 'https://api.example', memory: memoryOf('web-1'), catalog: signal([]), fetch });
    await session.reload();
    up = false;
    await session.reload();
    expect(session.phase.value).toBe('ready');
    expect(session.profile.value).not.toBeNull();
    expect(session.error.value).toMatch(/cannot be reached/);
  });
});
