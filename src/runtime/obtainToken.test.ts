import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client/index.ts';
import { obtainToken, RATE_LIMIT_WAIT } from './obtainToken.ts';

const ISSUED = { token: 'exchanged-token', overlay: 'tool', expiresAt: '2030-01-01T00:00:00.000Z' };

/** An API whose `POST /auth/overlay` gives the answers in turn, as the reference server words them. */
function apiAnswering(...answers: Array<{ status: number; retryAfter?: string }>) {
  const seen: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(`${init?.method} ${new URL(String(input)).pathname}`);
    const { status, retryAfter } = answers.shift()!;
    const body = status === 201 ? ISSUED : { code: status, message: status === 429 ? 'Too many requests - too many exchanges of this overlay id' : 'Not found - no such overlay id' };
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) };
    return new Response(JSON.stringify(body), { status, headers });
  };
  return { client: createApiClient({ baseUrl: 'http://api.test', fetch }), seen };
}

describe('obtainToken', () => {
  it('waits out a 429 as long as Retry-After says (else a fallback, never past the cap), then exchanges', async () => {
    const { client, seen } = apiAnswering({ status: 429, retryAfter: '7' }, { status: 429 }, { status: 429, retryAfter: '99999' }, { status: 201 });
    const waits: number[] = [];
    const told: number[] = [];
    const credentials = await obtainToken(client, { overlay: 'long-random-overlay-id' }, { wait: async (ms) => void waits.push(ms), onRateLimited: (ms) => told.push(ms) });
    expect(credentials).toEqual({ token: 'exchanged-token', kind: 'tool' });
    expect(waits).toEqual([7_000, RATE_LIMIT_WAIT.fallbackMs, RATE_LIMIT_WAIT.maxMs]);
    expect(told).toEqual(waits);
    expect(seen).toEqual(Array(4).fill('POST /auth/overlay'));
    expect(client.currentToken()).toBe('exchanged-token');
  });

  it('gives up at once on any other refusal', async () => {
    const { client } = apiAnswering({ status: 404 });
    const waits: number[] = [];
    await expect(obtainToken(client, { overlay: 'unknown-id' }, { wait: async (ms) => void waits.push(ms) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(waits).toEqual([]);
  });
});
