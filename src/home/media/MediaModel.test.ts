import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../api/index.ts';
import { createMediaClient } from '../../client/index.ts';
import { MediaModel } from './MediaModel.ts';

const MB = 1024 * 1024;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, message: string) => json({ code: 'X', message }, status);

function item(id: string, name: string, bytes: number): MediaItem {
  return { id, name, kind: 'image', type: 'image/png', bytes, url: `https://api.example/media/${id}`, createdAt: '2026-11-28T00:00:00.000Z' };
}

/** The media routes behind a fake fetch: a library, PNG-only uploads, `next` answers instead when set (once each). */
function setup(start: MediaItem[] = [], quota = 250 * MB) {
  const server = { items: [...start], asked: [] as string[], next: [] as Response[], ids: 0, absent: false };
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    server.asked.push(`${key}${url.search}`);
    const next = server.next.shift();
    if (next) return next;
    if (server.absent) return refusal(404, 'Not found');
    if (key === 'GET /me/media') return json({ items: server.items, bytes: server.items.reduce((sum, each) => sum + each.bytes, 0), quota });
    if (key === 'POST /me/media') {
      const body = init?.body as Blob;
      const bytes = new Uint8Array(await body.arrayBuffer());
      if (bytes[1] !== 0x50) return refusal(415, 'Unsupported media type - the file is no accepted format');
      const added = item(`id${++server.ids}`, url.searchParams.get('name')!, bytes.byteLength);
      server.items.unshift(added);
      return json(added, 201);
    }
    if (key.startsWith('DELETE /me/media/')) {
      const id = decodeURIComponent(url.pathname.split('/').pop()!);
      if (!server.items.some((each) => each.id === id)) return refusal(404, 'Not found');
      server.items = server.items.filter((each) => each.id !== id);
      return new Response(null, { status: 204 });
    }
    return refusal(404, 'Not found');
  }) as typeof globalThis.fetch;
  const refused: number[] = [];
  const client = createMediaClient({ api: { baseUrl: 'https://api.example', currentToken: () => 'web-1' }, fetch });
  const model = new MediaModel({ client, onRefused: () => void refused.push(1) });
  return { server, model, refused };
}

const png = (name: string, size = 8) => new File([new Uint8Array(size).fill(0x50)], name, { type: 'image/png' });
const svg = (name: string) => new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], name, { type: 'image/svg+xml' });

describe('MediaModel', () => {
  it('reads the library and says how much of the quota it takes', async () => {
    const { model } = setup([item('a', 'cheer.gif', 12.34 * MB)]);
    expect(model.usage.value).toBeNull();
    await model.load();
    expect(model.library.value?.items.map((each) => each.name)).toEqual(['cheer.gif']);
    expect(model.usage.value).toBe('12.3 MB of 250 MB used');
  });

  it('uploads files one after another with their names; each lands on top and counts in the quota', async () => {
    const { model, server } = setup([item('a', 'old.png', MB)]);
    await model.load();
    const sent = model.upload([png('one.png', 1024), png('two words.png', 2048)]);
    expect(model.sending.value).toEqual(['one.png', 'two words.png']);
    await sent;
    expect(server.asked.filter((each) => each.startsWith('POST'))).toEqual(['POST /me/media?name=one.png', 'POST /me/media?name=two+words.png']);
    expect(model.library.value?.items.map((each) => each.name)).toEqual(['two words.png', 'one.png', 'old.png']);
    expect(model.library.value?.bytes).toBe(MB + 3072);
    expect(model.usage.value).toBe('1 MB of 250 MB used');
    expect(model.sending.value).toEqual([]);
    expect(model.notice.value).toBe('Added two words.png.');
  });

  it('a refused file is listed with the API\'s own message, the others of the batch still go in', async () => {
    const { model } = setup();
    await model.load();
    await model.upload([svg('logo.svg'), png('fine.png')]);
    expect(model.refusals.value).toEqual([{ name: 'logo.svg', message: 'Unsupported media type - the file is no accepted format' }]);
    expect(model.library.value?.items.map((each) => each.name)).toEqual(['fine.png']);
    expect(model.sending.value).toEqual([]);
  });

  it('a file over the quota gets the 413\'s message, and the next upload clears the old refusals', async () => {
    const { model, server } = setup();
    await model.load();
    server.next.push(refusal(413, 'Payload too large - the file passes your media quota of 250 MB: 1 MB left (1048576 bytes); delete files to make room'));
    await model.upload([png('big.png')]);
    expect(model.refusals.value.map((each) => each.message)).toEqual(['Payload too large - the file passes your media quota of 250 MB: 1 MB left (1048576 bytes); delete files to make room']);
    expect(model.library.value?.items).toEqual([]);
    await model.upload([png('small.png')]);
    expect(model.refusals.value).toEqual([]);
  });

  it('a failure without a message (a bare 503) says its status; files dropped while one is sent wait their turn', async () => {
    const { model, server } = setup();
    server.next.push(new Response(null, { status: 503 }));
    const first = model.upload([png('cut.png')]);
    const second = model.upload([png('then.png')]);
    expect(model.sending.value).toEqual(['cut.png', 'then.png']);
    await Promise.all([first, second]);
    expect(model.refusals.value).toEqual([{ name: 'cut.png', message: 'HTTP 503' }]);
    expect(model.library.value?.items.map((each) => each.name)).toEqual(['then.png']);
  });

  it('a file added before the library could be read reads it whole, the quota with it', async () => {
    const { model, server } = setup([item('a', 'old.png', MB)]);
    server.next.push(new Response(null, { status: 503 }));
    await model.load();
    expect(model.error.value).toBe('The media library could not be read: HTTP 503.');
    await model.upload([png('new.png', 10)]);
    expect(model.library.value?.items.map((each) => each.name)).toEqual(['new.png', 'old.png']);
    expect(model.usage.value).toBe('1 MB of 250 MB used');
    expect(model.error.value).toBeNull();
    expect(model.notice.value).toBe('Added new.png.');
  });

  it('a read that started before an upload and answers after it does not take the new file off the list', async () => {
    const { model, server } = setup();
    let answer!: (response: Response) => void;
    await model.load();
    // The next read is held: it was sent before the upload, and its list is from before it.
    const held = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const stale = json({ items: [], bytes: 0, quota: 250 * MB });
    server.next.push(held as unknown as Response);
    const reading = model.load();
    await model.upload([png('new.png', 10)]);
    answer(stale);
    await reading;
    expect(model.library.value?.items.map((each) => each.name)).toEqual(['new.png']);
    expect(model.usage.value).toBe('10 bytes of 250 MB used');
  });

  it('deletes only after asking: the question names the file; the bytes leave the quota', async () => {
    const { model, server } = setup([item('a', 'a.png', MB), item('b b', 'b.png', 2 * MB)]);
    await model.load();
    model.ask('b b');
    expect(model.confirming.value).toBe('b b');
    model.ask(null);
    expect(server.asked.some((each) => each.startsWith('DELETE'))).toBe(false);
    await model.remove('b b');
    expect(server.asked).toContain('DELETE /me/media/b%20b');
    expect(model.library.value?.items.map((each) => each.id)).toEqual(['a']);
    expect(model.usage.value).toBe('1 MB of 250 MB used');
    expect(model.notice.value).toBe('Deleted b.png.');
    expect(model.deleting.value.size).toBe(0);
  });

  it('a file gone meanwhile (404) leaves the list; another failure keeps it and says why next to it', async () => {
    const { model, server } = setup([item('a', 'a.png', 10), item('b', 'b.png', 10)]);
    await model.load();
    server.items = server.items.filter((each) => each.id !== 'a');
    await model.remove('a');
    expect(model.library.value?.items.map((each) => each.id)).toEqual(['b']);
    expect(model.failures.value).toEqual({});
    server.next.push(refusal(503, 'Service unavailable - the data store is down'));
    await model.remove('b');
    expect(model.library.value?.items.map((each) => each.id)).toEqual(['b']);
    expect(model.failures.value).toEqual({ b: 'Not deleted: Service unavailable - the data store is down.' });
    await model.remove('b');
    expect(model.failures.value).toEqual({});
    expect(model.library.value?.items).toEqual([]);
  });

  it('a refused token (401) hands over to the session, which signs the page out', async () => {
    const { model, server, refused } = setup([item('a', 'a.png', 10)]);
    await model.load();
    server.next.push(refusal(401, 'Invalid token'), refusal(401, 'Invalid token'), refusal(401, 'Invalid token'));
    await model.load();
    await model.upload([png('x.png')]);
    await model.remove('a');
    expect(refused).toHaveLength(3);
    expect(model.refusals.value).toEqual([]);
  });

  it('a server without a media library is absent, not an error; an odd answer is an error', async () => {
    const { model, server } = setup();
    server.absent = true;
    await model.load();
    expect(model.absent.value).toBe(true);
    expect(model.error.value).toBeNull();
    server.absent = false;
    server.next.push(json({ items: 'nope' }));
    await model.load();
    expect(model.error.value).toBe('The media library could not be read: The API answered with an unexpected body.');
  });
});
