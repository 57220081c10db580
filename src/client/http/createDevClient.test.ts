import { describe, expect, it } from 'vitest';
import { createDevClient } from './createDevClient.ts';

/** A fetch that answers each request with the next of `answers` and records what was asked. */
function answering(...answers: { status: number; body?: unknown }[]) {
  const asked: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ method: init?.method ?? 'GET', url: String(url), auth: new Headers(init?.headers).get('authorization'), body: init?.body });
    const { status, body } = answers[Math.min(asked.length, answers.length) - 1]!;
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

const entries = [{ moduleId: 'a.game', name: 'score', value: 7 }];

describe('createDevClient', () => {
  it('asks GET /dev/database of a kind with the current token', async () => {
    const api = answering({ status: 200, body: { entries } });
    const dev = createDevClient({ baseUrl: 'http://api', token: () => 'tool-1001', fetch: api.fetch });
    expect(await dev.database('game')).toEqual(entries);
    expect(api.asked).toEqual([{ method: 'GET', url: 'http://api/dev/database?kind=game', auth: 'Bearer tool-1001', body: undefined }]);
  });

  it('renews the token after a 401 and sends the call once more', async () => {
    let token = 'old';
    const api = answering({ status: 401, body: { code: 401, message: 'invalid Bearer token' } }, { status: 200, body: { entries } });
    const renewToken = async () => {
      token = 'new';
    };
    const dev = createDevClient({ baseUrl: 'http://api', token: () => token, renewToken, fetch: api.fetch });
    expect(await dev.database('tool')).toEqual(entries);
    expect(api.asked.map((request) => request.auth)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('rejects a 401 without renewal, a 404 as an API without developer routes, a lost network and a body of another shape', async () => {
    const token = () => 't';
    const refused = createDevClient({ baseUrl: 'http://api', token, fetch: answering({ status: 401, body: { message: 'invalid token' } }).fetch });
    await expect(refused.database('tool')).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'invalid token', status: 401 });
    const plain = createDevClient({ baseUrl: 'http://api', token, fetch: answering({ status: 404 }).fetch });
    await expect(plain.database('tool')).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('npm run dev') });
    const offline = createDevClient({ baseUrl: 'http://api', token, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(offline.database('tool')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'the API cannot be reached at http://api' });
    const odd = createDevClient({ baseUrl: 'http://api', token, fetch: answering({ status: 200, body: { rows: [] } }).fetch });
    await expect(odd.database('tool')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'GET /dev/database answered an unexpected body' });
  });

  it('reads the profile as undefined where the API does not answer it, and rejects a profile of another shape', async () => {
    const plain = createDevClient({ baseUrl: 'http://api', token: () => 't', fetch: answering({ status: 404 }).fetch });
    expect(await plain.profile()).toBeUndefined();
    const odd = createDevClient({ baseUrl: 'http://api', token: () => 't', fetch: answering({ status: 200, body: { name: 'x' } }).fetch });
    await expect(odd.profile()).rejects.toMatchObject({ message: 'GET /dev/profile answered an unexpected body' });
    await expect(odd.saveProfile({} as never)).rejects.toMatchObject({ message: 'PUT /dev/profile answered an unexpected body' });
  });
});
