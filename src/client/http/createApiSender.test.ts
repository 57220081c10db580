import { describe, expect, it } from 'vitest';
import { fakeFetch, hang, json } from '../testing/fakeFetch.ts';
import { createApiSender } from './createApiSender.ts';

function setup(token: string | null = 'site-1') {
  const net = fakeFetch();
  const sender = createApiSender({ baseUrl: 'https://api.test/', getToken: () => token ?? undefined, fetch: net.fetch });
  return { net, sender };
}

describe('createApiSender', () => {
  it('sends a JSON body with the token and If-Match, and answers status, unwrapped body and ETag', async () => {
    const { net, sender } = setup();
    net.respond(() => json(200, { meta: {}, data: { a: 1 } }, { ETag: '"v2"' }));
    expect(await sender.send('PUT', '/me/favs', { body: { a: 1 }, ifMatch: '"v1"' })).toEqual({ status: 200, body: { a: 1 }, etag: '"v2"', retryAfter: null });
    const [call] = net.calls;
    expect([call!.method, call!.url, call!.body, call!.init.credentials, call!.init.referrerPolicy]).toEqual(['PUT', 'https://api.test/me/favs', { a: 1 }, 'omit', 'no-referrer']);
    expect(call!.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer site-1', 'Content-Type': 'application/json', 'If-Match': '"v1"' });
  });

  it('sends a raw body as is with its own type', async () => {
    const { net, sender } = setup();
    const bytes = new Blob([new Uint8Array([1, 2])], { type: 'image/png' });
    await sender.send('POST', '/me/media?name=x', { raw: { body: bytes, type: 'image/png' } });
    expect(net.calls[0]!.init.body).toBe(bytes);
    expect(net.calls[0]!.headers['Content-Type']).toBe('image/png');
  });

  it('passes the signal on: an aborted request rejects as unreachable', async () => {
    const { net, sender } = setup();
    net.respond(hang);
    const abort = new AbortController();
    const sent = sender.send('POST', '/me/media?name=x', { raw: { body: new Blob(['x']), type: 'text/plain' }, signal: abort.signal });
    abort.abort();
    await expect(sent).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'The API cannot be reached' });
    expect(net.calls[0]!.init.signal).toBe(abort.signal);
  });

  it('rejects a failed answer with the server message, status and Retry-After', async () => {
    const { net, sender } = setup();
    net.respond(() => json(429, { code: 429, message: 'Too many requests' }, { 'Retry-After': '7' }));
    await expect(sender.ok('POST', '/me/events')).rejects.toMatchObject({ code: 'BUSY', message: 'Too many requests', status: 429, retryAfter: '7' });
  });

  it('asks nothing without a token when one is needed, and sends none when told', async () => {
    const { net, sender } = setup(null);
    await expect(sender.send('GET', '/me/layout/tool', { needsToken: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'No website token' });
    expect(net.calls).toEqual([]);
    const signedIn = setup();
    await signedIn.sender.send('GET', '/', { auth: false });
    expect(signedIn.net.calls[0]!.headers).toEqual({ Accept: 'application/json' });
  });
});
