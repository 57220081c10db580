import { describe, expect, it } from 'vitest';
import { ProfileSchema } from './profile.ts';
import { toPublicProfile } from './publicProfile.ts';

const profile = ProfileSchema.parse({
  user: { userId: '1', userName: 'a', streamerType: 'partner', registered: '2020-01-01T00:00:00.000Z', role: 'user', tier: 1 },
  overlays: { game: 'og', tool: 'ot', background: 'ob', event: 'oe' },
  streamdeck: { token: 'secret-deck', model: 'xl' },
  selected: { game: 'g', tools: ['t'], background: 'b', event: 'e' },
  preAccess: { games: [], tools: [], background: [], events: [] },
  favs: { games: [], tools: [], backgrounds: [], events: [] },
  twitch: {
    user: { id: '1', name: 'a', userType: '', broadcasterType: 'partner', views: 1, description: '', pb: '', offlineImg: '', isBanned: false, bannedSince: 0 },
    stream: {
      id: '9', status: 'live', title: 't', viewer: 3, language: 'en', preview: '', game: { id: '1', name: 'g' },
      uptime: { startedAt: '2026-11-21T20:00:00Z', startedAtUnix: 1, converted: '01:05h' },
      lastStream: { uptime: '', title: '', vod: '', startedAt: '' }, tags: [], stats: 1,
    },
  },
  extra: { kept: true },
});

describe('toPublicProfile', () => {
  it('drops the overlay ids and the streamdeck token, keeps every other member of the spec', () => {
    const pub = toPublicProfile(profile);
    expect(pub).not.toHaveProperty('overlays');
    expect(pub.streamdeck).toEqual({});
    expect(JSON.stringify(pub)).not.toMatch(/secret-deck|"og"|"ot"/);
    expect(pub.selected.tools).toEqual(['t']);
    const { overlays: _overlays, streamdeck: _streamdeck, extra: _extra, ...spec } = profile;
    expect({ ...pub, streamdeck: undefined }).toEqual({ ...spec, streamdeck: undefined });
  });

  it('lets no member beyond the spec through, at any depth: a credential added later stays out', () => {
    const withSecrets = structuredClone(profile) as typeof profile & Record<string, unknown>;
    withSecrets.apiKey = 'secret-top';
    (withSecrets.user as Record<string, unknown>).email = 'secret-mail';
    (withSecrets.twitch as Record<string, unknown>).oauth = 'secret-oauth';
    (withSecrets.twitch.stream.game as Record<string, unknown>).key = 'secret-game';
    (withSecrets.selected as Record<string, unknown>).sessionToken = 'secret-session';
    const text = JSON.stringify(toPublicProfile(withSecrets));
    expect(text).not.toMatch(/secret-|extra|model/);
    expect(text).toContain('"title":"t"');
  });

  it('leaves the input untouched', () => {
    toPublicProfile(profile);
    expect(profile.streamdeck.token).toBe('secret-deck');
  });
});
