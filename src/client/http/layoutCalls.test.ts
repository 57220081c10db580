import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createApiSender } from './createApiSender.ts';
import { createLayoutCalls } from './layoutCalls.ts';

/** The layout calls over a sender with this token and fetch. */
const layoutCallsOf = ({ baseUrl, getToken, fetch }: { baseUrl: string; getToken: () => string | undefined; fetch?: typeof globalThis.fetch }) => createLayoutCalls(createApiSender({ baseUrl, getToken, ...(fetch && { fetch }) }));

const layout = { kind: 'tool', width: 1920, height: 1080, boxes: { 'demo.tool.counter': { x: 10, y: 20, width: 300, height: 100 } } };

/** A fetch that answers from a list and records what it was asked. */
function scripted(...answers: Response[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const answer = answers.shift();
    if (!answer) throw new TypeError('network down');
    return answer;
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('createLayoutCalls', () => {
  it('reads a layout with its ETag, with the website token', async () => {
    const { calls, fetch } = scripted(json(200, layout, { ETag: '"v1"' }));
    const client = layoutCallsOf({ baseUrl: 'http://api.test/', getToken: () => 'web', fetch });
    expect(await client.get('tool')).toEqual({ layout, etag: '"v1"' });
    expect(calls[0]!.url).toBe('http://api.test/me/layout/tool');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer web');
  });

  it('writes the whole layout with If-Match and returns the new ETag', async () => {
    const { calls, fetch } = scripted(json(200, layout, { ETag: '"v2"' }));
    const client = layoutCallsOf({ baseUrl: 'http://api.test', getToken: () => 'web', fetch });
    expect(await client.put('tool', layout.boxes, '"v1"')).toEqual({ ok: true, layout, etag: '"v2"' });
    expect(calls[0]!.init.method).toBe('PUT');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ boxes: layout.boxes }));
    expect((calls[0]!.init.headers as Record<string, string>)['If-Match']).toBe('"v1"');
  });

  it('reports a 412 as a conflict', async () => {
    const { fetch } = scripted(json(412, { code: 'CONFLICT', message: 'stale' }));
    const client = layoutCallsOf({ baseUrl: 'http://api.test', getToken: () => 'web', fetch });
    expect(await client.put('tool', {}, '"v0"')).toEqual({ ok: false, conflict: true });
  });

  it('rejects other failures with the reason the API gave', async () => {
    const { fetch } = scripted(json(400, { code: 'BAD_REQUEST', message: 'boxes.demo.tool.counter.width: too small' }));
    const client = layoutCallsOf({ baseUrl: 'http://api.test', getToken: () => 'web', fetch });
    const failure = await client.put('tool', {}, null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', status: 400, message: 'boxes.demo.tool.counter.width: too small' });
  });

  it('rejects when the API cannot be reached or answers something else', async () => {
    const { fetch } = scripted(json(200, { hello: 1 }));
    const client = layoutCallsOf({ baseUrl: 'http://api.test', getToken: () => 'web', fetch });
    await expect(client.get('tool')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(client.get('tool')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'The API cannot be reached' });
  });

  it('needs a token and a base URL', async () => {
    expect(() => layoutCallsOf({ baseUrl: '', getToken: () => 'web' })).toThrow(TypeError);
    const client = layoutCallsOf({ baseUrl: 'http://api.test', getToken: () => undefined, fetch: scripted().fetch });
    await expect(client.get('tool')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
