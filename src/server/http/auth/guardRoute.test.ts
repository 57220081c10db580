import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../api/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import { jsonAnswer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { TokenNeeded } from '../about/aboutRoutes.ts';
import type { HttpError } from '../HttpError.ts';
import { STREAMDECK_FORBIDDEN } from './authenticate.ts';
import { ACCOUNT_NEEDS_WEBSITE, guardRoute, OVERLAY_ONLY, PROFILE_NEEDS_WEBSITE } from './guardRoute.ts';

const GRANTS: Record<string, TokenGrant> = {
  website: { userId: 'u', context: 'website', expiresAt: null },
  overlay: { userId: 'u', context: 'overlay', overlay: 'tool', expiresAt: null },
  streamdeck: { userId: 'u', context: 'streamdeck', expiresAt: null },
};
const tokens = { resolveToken: async (token: string) => GRANTS[token] };

function request(path: string, token?: string, origin?: string): ApiRequest {
  const headers: Record<string, string | undefined> = { authorization: token && `Bearer ${token}`, origin };
  return { url: `http://api${path}`, header: (name) => headers[name] ?? null, body: () => null };
}

/** The status and text the guard answers, or 'ok' with what the handler got. */
async function outcome(token: TokenNeeded, sent: string | undefined, options: { path?: string; url?: string; refusal?: 'account'; origin?: string } = {}) {
  const { path = '/x', url = path } = options;
  const handler = async (_request: ApiRequest, grant: unknown, params: unknown) => jsonAnswer(200, JSON.stringify({ grant, params }));
  try {
    const answer = await guardRoute({ path, token, refusal: options.refusal, handler }, tokens)(request(url, sent, options.origin));
    return JSON.parse(answer.body as string);
  } catch (error) {
    return { status: (error as HttpError).status, message: (error as HttpError).message };
  }
}

describe('guardRoute', () => {
  it('lets each token kind through as the table declares it, with the grant', async () => {
    expect((await outcome('any', 'streamdeck')).grant).toEqual(GRANTS.streamdeck);
    expect((await outcome('user', 'overlay')).grant).toEqual(GRANTS.overlay);
    expect((await outcome('overlay', 'overlay')).grant).toEqual(GRANTS.overlay);
    expect((await outcome('website', 'website')).grant).toEqual(GRANTS.website);
    expect((await outcome('none', undefined)).grant).toBeUndefined();
  });

  it('lets a request through untouched where the token comes in its first message (the live socket)', async () => {
    const handler = async (_request: ApiRequest, grant: unknown) => jsonAnswer(426, JSON.stringify({ grant: grant ?? null }));
    const answer = await guardRoute({ path: '/live', token: 'overlay', tokenInFirstMessage: true, handler }, tokens)(request('/live'));
    expect(answer.status).toBe(426);
    expect(JSON.parse(answer.body as string)).toEqual({ grant: null });
  });

  it('answers 401 for no token and an unknown one, then 403 with the route kind\'s text', async () => {
    expect(await outcome('user', undefined)).toEqual({ status: 401, message: AUTH_MESSAGES.missing });
    expect(await outcome('user', 'nope')).toEqual({ status: 401, message: AUTH_MESSAGES.invalid });
    expect(await outcome('user', 'streamdeck')).toEqual({ status: 403, message: STREAMDECK_FORBIDDEN });
    expect(await outcome('overlay', 'website')).toEqual({ status: 403, message: OVERLAY_ONLY });
    expect(await outcome('overlay', 'streamdeck')).toEqual({ status: 403, message: STREAMDECK_FORBIDDEN });
    expect(await outcome('website', 'overlay')).toEqual({ status: 403, message: PROFILE_NEEDS_WEBSITE });
    expect(await outcome('website', 'streamdeck')).toEqual({ status: 403, message: STREAMDECK_FORBIDDEN });
    expect(await outcome('website', 'overlay', { refusal: 'account' })).toEqual({ status: 403, message: ACCOUNT_NEEDS_WEBSITE });
    expect(await outcome('website', 'streamdeck', { refusal: 'account' })).toEqual({ status: 403, message: ACCOUNT_NEEDS_WEBSITE });
  });

  it('refuses a website token from an opaque origin on every kind that takes it', async () => {
    for (const token of ['any', 'user', 'website'] as const) {
      expect(await outcome(token, 'website', { origin: 'null' })).toMatchObject({ status: 403, message: expect.stringContaining('opaque origin') });
    }
  });

  it('parses the path parameters: an unknown kind is a 404 before any token check; an id is decoded', async () => {
    expect((await outcome('user', 'website', { path: '/me/layout/:kind', url: '/me/layout/game' })).params).toEqual({ kind: 'game' });
    expect(await outcome('user', undefined, { path: '/me/layout/:kind', url: '/me/layout/g%61me' })).toMatchObject({ status: 404 });
    expect((await outcome('user', 'website', { path: '/me/events/:id/replay', url: '/me/events/a%20b/replay' })).params).toEqual({ id: 'a b' });
    expect((await outcome('user', 'website')).params).toEqual({});
  });
});
