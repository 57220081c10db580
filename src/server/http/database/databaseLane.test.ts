import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../../api/index.ts';
import { type RunningApiServer, startApiServer } from '../../startApiServer.ts';
import { randomRequest, seededRandom } from '../../testing/fuzzRequests.ts';
import { TEST_ENVELOPE } from '../../testing/testEnvelope.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';
import { createApiApp } from '../createApiApp.ts';

// Two servers on one store and registry: `lane` serves the database routes on Node's
// server directly, `app` sends everything through the fetch adapter and Hono. In the
// envelope mode both wrap bodies, with one clock so that their `meta` can be compared.
let lane: RunningApiServer;
let app: RunningApiServer;
const internalErrors: unknown[] = [];
beforeAll(async () => {
  const onInternalError = (error: unknown) => internalErrors.push(error);
  const envelope = TEST_ENVELOPE && { now: () => Date.UTC(2026, 10, 22, 12) };
  lane = await startApiServer({ seed: TEST_SEED, store: 'memory', onInternalError, envelope });
  app = await startApiServer({
    registry: lane.registry,
    store: lane.store,
    onInternalError,
    envelope,
    // Through the app alone: a server with `wrap` serves no database lane.
    wrap: createApiApp,
  });
});
afterAll(async () => {
  await app.close();
  await lane.close();
});

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function send(server: RunningApiServer, method: string, path: string, headers: Record<string, string>, body?: string | Uint8Array): Promise<Seen> {
  const response = await fetch(server.url + path, { method, headers, body: body as BodyInit | undefined });
  const seen: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'date') seen[name] = value;
  });
  return { status: response.status, headers: seen, body: await response.text() };
}

/** The answer's start line and headers as bytes on the wire, without Date. */
function rawHead(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(text.split('\r\n\r\n')[0]!.replace(/\r\nDate: [^\r]*/, '')));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('the database lane on Node’s server', () => {
  it('answers exactly as the app does: the same statuses, headers and bodies, for valid and malformed requests', async () => {
    const random = seededRandom(20261122);
    const requests = Array.from({ length: 300 }, () => randomRequest(random));
    // Valid writes and reads too, each of its own key so that the two servers see the same data.
    for (const kind of KINDS) {
      const headers = { Authorization: `Bearer ${kind}-1001`, 'Content-Type': 'application/json' };
      requests.push({ method: 'PATCH', path: '/me/database', headers, body: JSON.stringify({ id: 'de.example.tool.raid', key: 'lane', value: { kind } }) });
      requests.push({ method: 'GET', path: '/me/database?id=de.example.tool.raid&key=lane', headers });
      requests.push({ method: 'GET', path: '/me/database?id=other.mod&key=never', headers });
    }
    let served = 0;
    for (const [i, request] of requests.entries()) {
      const viaLane = await send(lane, request.method, request.path, request.headers, request.body);
      const viaApp = await send(app, request.method, request.path, request.headers, request.body);
      expect(viaLane, `request #${i}: ${request.method} ${request.path}`).toEqual(viaApp);
      if (i >= 300 && viaLane.status === 200) served++;
    }
    expect(served).toBe(KINDS.length * 2);
    // The mode is the one asked for: wrapped bodies only in the envelope mode.
    const sample = await send(lane, 'GET', '/me/database?id=de.example.tool.raid&key=lane', { Authorization: 'Bearer tool-1001' });
    expect(JSON.parse(sample.body).meta !== undefined).toBe(TEST_ENVELOPE);
    expect(internalErrors).toEqual([]);
  });

  it('answers the refusals of POST /me/events exactly as the app does', async () => {
    const json = { 'Content-Type': 'application/json' };
    const requests: [Record<string, string>, string | undefined][] = [
      [json, '{"type":"custom.x","event":{}}'],
      [{ ...json, Authorization: 'Bearer forged' }, '{"type":"custom.x","event":{}}'],
      [{ Authorization: 'Bearer site-1001', 'Content-Type': 'text/plain' }, '{"type":"custom.x","event":{}}'],
      [{ ...json, Authorization: 'Bearer site-1001' }, '{"type":"Custom","event":{}}'],
      [{ ...json, Authorization: 'Bearer deck-1001' }, '{"type":"custom.x","event":[]}'],
      [{ ...json, Authorization: 'Bearer tool-1001' }, '{"type":"custom.x"'],
      [{ ...json, Authorization: 'Bearer tool-1001' }, `{"type":"custom.x","event":{"p":"${'x'.repeat(17_000)}"}}`],
      [{ ...json, Authorization: 'Bearer tool-1001' }, undefined],
    ];
    for (const [i, [headers, body]] of requests.entries()) {
      const viaLane = await send(lane, 'POST', '/me/events', headers, body);
      expect(viaLane.status, `request #${i}`).toBeGreaterThanOrEqual(400);
      expect(viaLane, `request #${i}`).toEqual(await send(app, 'POST', '/me/events', headers, body));
    }
  });

  it('leaves what the adapter would judge to the app: a missing or malformed Host, an absolute target', async () => {
    const body = '{"id":"de.example.tool.raid","key":"k","value":1}';
    const patch = (target: string, host: string | null) =>
      `PATCH ${target} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}Authorization: Bearer tool-1001\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    for (const [target, host] of [
      ['/me/database', null],
      ['/me/database', 'bad host'],
      ['/me/database', 'a@b'],
      ['http://127.0.0.1/me/database', '127.0.0.1'],
      ['/me/database', '127.0.0.1'],
    ] as const) {
      const viaLane = await rawHead(lane.port, patch(target, host));
      const viaApp = await rawHead(app.port, patch(target, host));
      expect(viaLane, `${target} with Host ${host}`).toBe(viaApp);
    }
  });

  it('closes the connection of an upload it refused without reading, as the app does, instead of reading on', async () => {
    const keepsSending = (port: number) =>
      new Promise<number>((resolve) => {
        const started = Date.now();
        const socket = connect(port, '127.0.0.1');
        socket.write('PATCH /me/database HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
        const chunk = `400\r\n${'x'.repeat(0x400)}\r\n`;
        const sending = setInterval(() => socket.writable && socket.write(chunk), 5);
        socket.on('data', () => {});
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(sending);
          resolve(Date.now() - started);
        });
        // Still open after 10 s: the server would read on until its request timeout.
        setTimeout(() => socket.destroy(), 10_000);
      });
    const [viaLane, viaApp] = await Promise.all([keepsSending(lane.port), keepsSending(app.port)]);
    expect(viaApp).toBeLessThan(5_000);
    expect(viaLane).toBeLessThan(5_000);
  });
});
