import { describe, expect, it } from 'vitest';
import { jsonByteLength } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { useTestServer } from '../../testing/useTestServer.ts';
import { expectError } from '../../testing/expectError.ts';
import { unwrapTestBody } from '../../testing/testEnvelope.ts';

const api = useTestServer();

const ID = 'de.example.tool.raid';
const KiB = 1024;

/** A body of exactly `bytes` bytes: a valid write padded with an ignored member. */
function paddedBody(bytes: number): string {
  const head = `{"id":"${ID}","key":"padded","value":1,"pad":"`;
  return `${head}${'p'.repeat(bytes - head.length - 2)}"}`;
}

describe('value limit: UTF-8 bytes of JSON.stringify(value)', () => {
  it('stores exactly 64 KiB and refuses one byte more, naming the limit', async () => {
    const exact = 'x'.repeat(64 * KiB - 2);
    expect(jsonByteLength(exact)).toBe(65536);
    expect((await api.write('tool-1001', ID, 'big', exact)).status).toBe(200);
    expect((await api.read('tool-1001', ID, 'big')).body).toEqual({ id: ID, key: 'big', value: exact });
    expectError(await api.write('tool-1001', ID, 'big', `${exact}x`), 413, /65537 bytes.*value limit of 65536 bytes/);
  });

  it('counts UTF-8 bytes, not characters', async () => {
    const exact = 'é'.repeat(32767);
    expect(jsonByteLength(exact)).toBe(65536);
    expect((await api.write('tool-1001', ID, 'utf8', exact)).status).toBe(200);
    expectError(await api.write('tool-1001', ID, 'utf8', `${exact}x`), 413, /value limit of 65536/);
  });

  it('applies to objects and arrays as serialised', async () => {
    const value = { list: Array.from({ length: 20_000 }, (_, i) => i) };
    expect(jsonByteLength(value)).toBeGreaterThan(65536);
    expectError(await api.write('tool-1001', ID, 'obj', value), 413, /value limit/);
  });

  it('refuses a value nested too deeply to serialise with 400, not 500', async () => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const body = `{"id":"${ID}","key":"deep","value":${deep}}`;
    expectError(await api.request('PATCH', '/me/database', { token: 'tool-1001', body }), 400, /nested too deeply/);
  });
});

describe('body limit', () => {
  it('accepts a body of exactly 1 MiB and refuses one byte more', async () => {
    expect(paddedBody(1024 * KiB)).toHaveLength(1024 * KiB);
    expect((await api.request('PATCH', '/me/database', { token: 'tool-1001', body: paddedBody(1024 * KiB) })).status).toBe(200);
    const over = await api.request('PATCH', '/me/database', { token: 'tool-1001', body: paddedBody(1024 * KiB + 1) });
    expectError(over, 413, /body limit of 1048576 bytes/);
  });

  it('refuses a chunked body while it streams, without reading it all', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * KiB).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 256 * 1024 * KiB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${api.server.url}/me/database`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer tool-1001', 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(unwrapTestBody(413, response.url, await response.json())).toEqual({ code: 413, message: expect.stringMatching(/body limit/) });
    expect(sent).toBeLessThan(64 * 1024 * KiB);
    expect((await api.request('GET', '/me', { token: 'site-1001' })).status).toBe(200);
  });

  it('applies to POST /auth/overlay', async () => {
    const body = `{"overlay":"ov-tool-1001","pad":"${'p'.repeat(1024 * KiB)}"}`;
    expectError(await api.request('POST', '/auth/overlay', { body }), 413, /body limit/);
  });
});

describe('configured limits', () => {
  it('uses and names the configured values', async () => {
    const small = await startTestServer({ limits: { maxValueBytes: 10, maxBodyBytes: 200 } });
    try {
      expect((await small.write('tool-1001', ID, 'k', '12345678')).status).toBe(200);
      expectError(await small.write('tool-1001', ID, 'k', '123456789'), 413, /11 bytes, above the value limit of 10 bytes/);
      expectError(await small.write('tool-1001', ID, 'k'.repeat(200), 1), 413, /body limit of 200 bytes/);
    } finally {
      await small.server.close();
    }
  });

  it('refuses limits that are not positive integers', async () => {
    await expect(startTestServer({ limits: { maxValueBytes: 0 } })).rejects.toThrow(/maxValueBytes/);
    await expect(startTestServer({ limits: { maxBodyBytes: 1.5 } })).rejects.toThrow(/maxBodyBytes/);
  });
});
