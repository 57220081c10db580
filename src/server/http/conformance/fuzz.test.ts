import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { MALFORMED_HTTP, randomRequest, seededRandom } from '../../testing/fuzzRequests.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
const internalErrors: unknown[] = [];
beforeAll(async () => {
  api = await startTestServer({ onInternalError: (error) => internalErrors.push(error) });
  for (const kind of KINDS) {
    await api.write(`${kind}-1001`, 'de.example.tool.raid', 'count', { kind, n: 1 });
    await api.write(`${kind}-1001`, 'de.example.tool.raid', 'big', 'b'.repeat(100));
  }
});
afterAll(() => api.server.close());

async function snapshot() {
  const lists = await Promise.all(
    ['1001', '1002'].flatMap((userId) => KINDS.map((kind) => api.server.store.list(userId, kind))),
  );
  return lists;
}

/** Sends raw bytes and returns whatever comes back before the server closes or 2 s pass. */
function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.end();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.write(text, 'latin1');
  });
}

describe('fuzz: random malformed requests', () => {
  it('never answers 500, always {code, message} with CORS, and changes no data', async () => {
    const before = await snapshot();
    const random = seededRandom(20250601);
    const requests = Array.from({ length: 400 }, () => randomRequest(random));
    for (let i = 0; i < requests.length; i += 8) {
      await Promise.all(
        requests.slice(i, i + 8).map(async (request, j) => {
          const response = await fetch(api.server.url + request.path, {
            method: request.method,
            headers: request.headers,
            body: request.body as BodyInit | undefined,
          });
          const text = await response.text();
          const where = `request #${i + j}: ${request.method} ${request.path} -> ${response.status} ${text.slice(0, 200)}`;
          expect(response.status, where).toBeLessThan(500);
          expect(response.headers.get('access-control-allow-origin'), where).toBe('*');
          if (request.method === 'PATCH') expect(response.status, where).not.toBe(200);
          if (response.status >= 400 && request.method !== 'HEAD') {
            expect(JSON.parse(text), where).toEqual({ code: response.status, message: expect.any(String) });
          }
        }),
      );
    }
    expect(internalErrors).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await api.request('GET', '/me', { token: 'site-1001' })).status).toBe(200);
  });

  it('answers malformed HTTP with a JSON 4xx, and keeps serving', async () => {
    for (const text of MALFORMED_HTTP) {
      const answer = await sendRaw(api.server.port, text);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      expect(status, JSON.stringify(text.slice(0, 80))).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(text.slice(0, 80))).toBeLessThan(500);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({ code: status, message: expect.any(String) });
    }
    expect(internalErrors).toEqual([]);
    expect((await api.request('GET', '/me', { token: 'site-1001' })).status).toBe(200);
  });
});
