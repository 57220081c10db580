import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../registry/index.ts';
import { type SignUpServer, startSignUpServer } from '../../signin/testing/signUpTestKit.ts';
import { type FakeTwitch, startFakeTwitch } from '../../twitch/testing/fakeTwitch.ts';

let fake: FakeTwitch;
let api: SignUpServer;
const internalErrors: unknown[] = [];
beforeAll(async () => {
  fake = await startFakeTwitch();
  // Every route of the table: sign-in, Twitch, sessions, profile, events, the live endpoint's plain GET (on by default).
  api = await startSignUpServer(fake, { onInternalError: (error) => internalErrors.push(error) });
});
afterAll(async () => {
  await api.close();
  await fake.stop();
});

/** What a path segment becomes: bad percent-encodings, control characters, `..`, overlong. */
const BAD_SEGMENTS = [
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%00',
  '%0A',
  '%7F',
  '\u0001',
  '\u007f',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2E%2E',
  '.%2E%E0%A4%A',
  'x'.repeat(8000),
  '%E0%A4%A'.repeat(1000),
];

interface RawAnswer {
  status: number;
  body: string;
}

/** Sends one request as raw bytes, so that no client normalises or refuses the path first. */
function sendRaw(port: number, method: string, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${method} ${path.slice(0, 80)}`)));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    const auth = `Authorization: Bearer ${DEMO_TOKENS.website}\r\n`;
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Connection: close\r\nContent-Length: 0\r\n\r\n`, 'latin1');
  });
}

/** The route table as the root lists it (`/me/sessions/<id>`). */
async function routeTable(): Promise<Array<{ method: string; path: string }>> {
  const root = (await (await fetch(`${api.server.url}/`)).json()) as { endpoints: Array<{ method: string; path: string }> };
  return root.endpoints;
}

/** Every malformed variant of a route's path: each parameter replaced, a segment added, and its last segment spoiled. */
function malformedPaths(path: string): string[] {
  return BAD_SEGMENTS.flatMap((bad) => {
    const variants = [`${path.replace(/\/$/, '')}/${bad}`, `${path}${bad}`, `/${bad}${path}`];
    if (path.includes('<')) variants.push(path.replace(/<\w+>/g, bad));
    return variants;
  });
}

/** A 4xx whose body is exactly `{code, message}`, `code` its status. */
function isErrorAnswer({ status, body }: RawAnswer): boolean {
  if (status < 400 || status >= 500) return false;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return Object.keys(parsed).sort().join() === 'code,message' && parsed.code === status && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

describe('malformed paths', () => {
  it('DELETE /me/sessions/%E0%A4%A is a 4xx with {code, message}, not a 500', async () => {
    const answer = await sendRaw(api.server.port, 'DELETE', '/me/sessions/%E0%A4%A');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.body)).toEqual({ code: answer.status, message: expect.any(String) });
  });

  it('every route answers every malformed path with a 4xx {code, message}, never a 500', async () => {
    const routes = await routeTable();
    expect(routes.map(({ path }) => path)).toEqual(expect.arrayContaining(['/me/sessions/<id>', '/me/layout/<kind>', '/auth/twitch/callback', '/me/database/changes']));
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const bad of malformedPaths(path)) {
        const answer = await sendRaw(api.server.port, method, bad);
        const where = `${method} ${JSON.stringify(bad.slice(0, 60))} -> ${answer.status} ${answer.body.slice(0, 120)}`;
        if (!isErrorAnswer(answer)) failures.push(where);
      }
    }
    expect(failures).toEqual([]);
    expect(internalErrors).toEqual([]);
  }, 120_000);
});
