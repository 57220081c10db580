import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createMediaClient } from './createMediaClient.ts';
import { fakeFetch, json } from '../testing/fakeFetch.ts';

const ITEM = { id: 'AbCdEfGhIjKlMnOpQrStUvWx', name: 'cheer.gif', kind: 'image', type: 'image/gif', bytes: 10, url: 'https://api.test/media/AbCdEfGhIjKlMnOpQrStUvWx', createdAt: '2026-01-01T00:00:00.000Z' };

function setup(token: string | null = 'site-1') {
  const net = fakeFetch();
  const media = createMediaClient({ api: { baseUrl: 'https://api.test', currentToken: () => token ?? undefined }, fetch: net.fetch });
  return { net, media };
}

describe('createMediaClient', () => {
  it('uploads the file itself as the body, with its type and name, and parses the item', async () => {
    const { net, media } = setup();
    net.respond(() => json(201, ITEM));
    const file = new Blob([new Uint8Array([0x47, 0x49, 0x46])], { type: 'image/gif' });
    expect(await media.upload(file, 'cheer #1.gif')).toEqual(ITEM);
    const [call] = net.calls;
    expect([call!.method, call!.url]).toEqual(['POST', 'https://api.test/me/media?name=cheer+%231.gif']);
    expect(call!.init.body).toBe(file);
    expect(call!.headers).toMatchObject({ Authorization: 'Bearer site-1', 'Content-Type': 'image/gif' });
  });

  it('sends octet-stream for a file whose type the browser does not know', async () => {
    const { net, media } = setup();
    net.respond(() => json(201, ITEM));
    await media.upload(new Blob([new Uint8Array([1])]), 'x');
    expect(net.calls[0]!.headers['Content-Type']).toBe('application/octet-stream');
  });

  it('lists (bare or wrapped bodies) and deletes', async () => {
    const { net, media } = setup();
    net.respond(() => json(200, { meta: {}, data: { items: [ITEM], bytes: 10, quota: 100 } }));
    expect(await media.list()).toEqual({ items: [ITEM], bytes: 10, quota: 100 });
    net.respond(() => json(204, null));
    await media.remove('a/b');
    expect(net.calls[1]).toMatchObject({ method: 'DELETE', url: 'https://api.test/me/media/a%2Fb' });
  });

  it('rejects with the server\'s reason: 413 with what is left, 415 naming the kinds', async () => {
    const { net, media } = setup();
    net.respond(() => json(413, { code: 413, message: 'Payload too large - 1 MB left' }));
    const error = await media.upload(new Blob(['x']), 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'Payload too large - 1 MB left' });
  });

  it('refuses to call without a token, and says when the API cannot be reached', async () => {
    await expect(setup(null).media.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { net, media } = setup();
    net.respond(() => Promise.reject(new TypeError('network')));
    await expect(media.list()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
