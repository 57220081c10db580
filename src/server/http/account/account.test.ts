import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { KINDS, OverlayTokenSchema, ProfileSchema, ValidateSchema } from '../../../api/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { TEST_SEED } from '../../testing/testSeed.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
const start = Date.parse('2025-06-01T12:00:00.000Z');
beforeAll(async () => {
  api = await startTestServer({ now: () => start });
});
afterAll(() => api.server.close());

describe('GET /me', () => {
  it('returns the seeded profile exactly, extra members included, for a website token', async () => {
    const answer = await api.request('GET', '/me', { token: 'site-1001' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(TEST_SEED.users[0]!.profile);
    expect(ProfileSchema.safeParse(answer.body).success).toBe(true);
    expect((await api.request('GET', '/me', { token: 'site-1002' })).body).toEqual(TEST_SEED.users[1]!.profile);
  });

  it('gives an overlay token its own kind\'s overlay id only and no Stream Deck token, in the same shape', async () => {
    const seeded = TEST_SEED.users[0]!.profile;
    expect(seeded.streamdeck.token).not.toBe('');
    for (const kind of KINDS) {
      const answer = await api.request('GET', '/me', { token: `${kind}-1001` });
      expect(answer.status).toBe(200);
      const others = Object.fromEntries(KINDS.map((each) => [each, each === kind ? seeded.overlays[kind] : '']));
      expect(answer.body).toEqual({ ...seeded, overlays: { ...seeded.overlays, ...others }, streamdeck: { ...seeded.streamdeck, token: '' } });
      expect(ProfileSchema.safeParse(answer.body).success).toBe(true);
      // Its own representation: an ETag of what was sent, not of the whole profile.
      expect(answer.headers.get('etag')).not.toBe((await api.request('GET', '/me', { token: 'site-1001' })).headers.get('etag'));
    }
    const text = JSON.stringify((await api.request('GET', '/me', { token: 'tool-1001' })).body);
    for (const kind of KINDS.filter((each) => each !== 'tool')) expect(text).not.toContain(seeded.overlays[kind]);
    expect(text).not.toContain(seeded.streamdeck.token);
  });

  it('an exchanged overlay token reads no other kind\'s id either, also after New address', async () => {
    // A server of its own: the rotation must not change the ids the other tests exchange.
    const api = await startTestServer();
    onTestFinished(() => api.server.close());
    const bob = TEST_SEED.users[1]!.profile;
    const exchanged = await api.request('POST', '/auth/overlay', { body: { overlay: bob.overlays.game } });
    const { token } = exchanged.body as { token: string };
    const rotated = await api.request('POST', '/me/overlays/tool/rotate', { token: 'site-1002' });
    const fresh = (rotated.body as { overlay: string }).overlay;
    const read = (await api.request('GET', '/me', { token })).body as { overlays: Record<string, string>; streamdeck: { token: string } };
    expect(read.overlays).toEqual({ game: bob.overlays.game, tool: '', background: '', event: '' });
    expect(read.streamdeck.token).toBe('');
    expect(JSON.stringify(read)).not.toContain(fresh);
  });
});

describe('GET /auth/validate', () => {
  it('describes a website token without an overlay member', async () => {
    const answer = await api.request('GET', '/auth/validate', { token: 'site-1002' });
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({ context: 'website', userId: '1002', userName: 'bob', expiresAt: null });
    expect(ValidateSchema.safeParse(answer.body).success).toBe(true);
  });

  it('describes a seed overlay token', async () => {
    const answer = await api.request('GET', '/auth/validate', { token: 'background-1001' });
    expect(answer.body).toStrictEqual({
      context: 'overlay',
      overlay: 'background',
      userId: '1001',
      userName: 'alice',
      expiresAt: null,
    });
  });
});

describe('POST /auth/overlay', () => {
  it('exchanges each overlay id for a fresh overlay token of its kind, valid 24 hours', async () => {
    for (const [kind, overlayId] of Object.entries(TEST_SEED.users[1]!.profile.overlays)) {
      const answer = await api.request('POST', '/auth/overlay', { body: { overlay: overlayId } });
      expect(answer.status).toBe(201);
      expect(answer.body).toStrictEqual({ token: expect.any(String), overlay: kind, expiresAt: '2025-06-02T12:00:00.000Z' });
      expect(OverlayTokenSchema.safeParse(answer.body).success).toBe(true);
      const { token } = answer.body as { token: string };
      expect(token.length).toBeGreaterThanOrEqual(32);
      const validated = await api.request('GET', '/auth/validate', { token });
      expect(validated.body).toStrictEqual({
        context: 'overlay',
        overlay: kind,
        userId: '1002',
        userName: 'bob',
        expiresAt: '2025-06-02T12:00:00.000Z',
      });
    }
  });

  it('issues a different token on every exchange, and needs no Authorization', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const answer = await api.request('POST', '/auth/overlay', {
        body: { overlay: 'ov-tool-1001' },
        headers: { Authorization: 'Bearer garbage' },
      });
      tokens.add((answer.body as { token: string }).token);
    }
    expect(tokens.size).toBe(5);
  });

  it('is not an overlay id: a token, a user id or a module id', async () => {
    for (const overlay of ['tool-1001', '1001', 'demo.tool.counter']) {
      expect((await api.request('POST', '/auth/overlay', { body: { overlay } })).status).toBe(404);
    }
  });
});

describe('exchanged tokens live in memory only', () => {
  it('are invalid after a restart, while seed tokens still work', async () => {
    const first = await startTestServer();
    const { body } = await first.request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } });
    await first.server.close();
    const second = await startTestServer();
    try {
      const token = (body as { token: string }).token;
      expect((await second.request('GET', '/me', { token })).status).toBe(401);
      expect((await second.request('GET', '/me', { token: 'tool-1001' })).status).toBe(200);
    } finally {
      await second.server.close();
    }
  });
});
