import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/apiTestClient.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.server.close());

const PATHS = ['/me', '/me/database', '/me/database/values', '/auth/validate', '/auth/overlay'];

describe('CORS', () => {
  it('answers a preflight on every endpoint with 204 and the allowed methods and headers', async () => {
    for (const path of PATHS) {
      const response = await fetch(api.server.url + path, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://overlay.example',
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, PATCH, POST, OPTIONS');
      expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
      expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After');
    }
  });

  it('puts Allow-Origin * and Expose-Headers Retry-After on successes and on every error; an answer with an ETag exposes it too', async () => {
    const tagged = await api.request('GET', '/me', { token: 'site-1001' });
    expect(tagged.headers.get('access-control-expose-headers')).toBe('Retry-After, ETag');
    const answers = [
      await api.write('tool-1001', 'a.b', 'k', 1),
      await api.request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } }),
      await api.request('GET', '/me'),
      await api.request('GET', '/nope'),
      await api.request('DELETE', '/me'),
      await api.write('site-1001', 'a.b', 'k', 1),
      await api.read('tool-1001', 'a.b', 'never'),
      await api.request('PATCH', '/me/database', { token: 'tool-1001', body: '{', headers: { 'Content-Type': 'text/plain' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After');
    }
  });

  it('never sets credentials: auth is a bearer header, not a cookie', async () => {
    const response = await fetch(`${api.server.url}/me`, { headers: { Authorization: 'Bearer site-1001', Origin: 'https://x.example' } });
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
