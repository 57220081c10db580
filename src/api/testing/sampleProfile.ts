import type { Profile } from '../index.ts';

/** A complete GET /me body for tests. */
export function sampleProfile(userId = '1001'): Profile {
  return {
    user: { userId, userName: 'streamer', streamerType: 'partner', registered: '2020-01-01T00:00:00.000Z', role: 'user', tier: 1 },
    overlays: { game: 'og', tool: 'ot', background: 'ob', event: 'oe' },
    streamdeck: { token: 'secret-deck' },
    selected: { game: 'g.game', tools: ['t.one', 't.two'], background: 'b.bg', event: 'e.ev' },
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
  };
}
