import { afterAll, beforeAll, describe, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
beforeAll(async () => {
  api = await startTestServer({ limits: { maxBodyBytes: 1000, maxValueBytes: 100 } });
});
afterAll(() => api.server.close());

const ID = 'de.example.tool.raid';
const oversized = 'x'.repeat(2000);
const patch = (token: string | undefined, body: string, contentType = 'application/json') =>
  api.request('PATCH', '/me/database', { token, body, headers: { 'Content-Type': contentType } });

// The contract's order, first failure wins: 404 path, 405, 401 missing, 401 invalid,
// 403, 415, 413, 400, 404 key.
describe('order of checks', () => {
  it('unknown path beats everything', async () => {
    expectError(await api.request('PATCH', '/me/databases', { body: oversized, headers: { 'Content-Type': 'text/plain' } }), 404);
  });

  it('wrong method beats a missing token', async () => {
    expectError(await api.request('POST', '/me/database', { body: oversized, headers: { 'Content-Type': 'text/plain' } }), 405);
  });

  it('missing token beats Content-Type, size and body', async () => {
    expectError(await patch(undefined, oversized, 'text/plain'), 401, AUTH_MESSAGES.missing);
  });

  it('invalid token beats the overlay check, Content-Type, size and body', async () => {
    expectError(await patch('nope', oversized, 'text/plain'), 401, AUTH_MESSAGES.invalid);
  });

  it('non-overlay token beats Content-Type, size and body', async () => {
    expectError(await patch('site-1001', oversized, 'text/plain'), 403);
    expectError(await api.request('GET', '/me/database?id=bad%20id', { token: 'site-1001' }), 403);
  });

  it('Content-Type beats size and body', async () => {
    expectError(await patch('tool-1001', oversized, 'text/plain'), 415);
  });

  it('body size beats invalid JSON', async () => {
    expectError(await patch('tool-1001', `{${oversized}`), 413, /body limit of 1000/);
  });

  it('value size beats field validation', async () => {
    const body = JSON.stringify({ id: 'not valid!', key: '', value: 'v'.repeat(200) });
    expectError(await patch('tool-1001', body), 413, /value limit of 100/);
  });

  it('validation beats key never set', async () => {
    expectError(await api.request('GET', '/me/database?id=bad%20id&key=never', { token: 'tool-1001' }), 400);
    expectError(await api.read('tool-1001', ID, 'never'), 404);
  });

  it('POST /auth/overlay: 415, then 413, then 400, then 404', async () => {
    const post = (body: string, type = 'application/json') =>
      api.request('POST', '/auth/overlay', { body, headers: { 'Content-Type': type } });
    expectError(await post(oversized, 'text/plain'), 415);
    expectError(await post(`{${oversized}`), 413);
    expectError(await post('{"overlay": 1}'), 400);
    expectError(await post('{"overlay": "unknown"}'), 404);
  });
});
