import { randomBytes } from 'node:crypto';
import type { Kind, Profile } from '../../api/index.ts';

/** What Helix says of the streamer who signed up. */
export interface HelixUserJson {
  id: string;
  login: string;
  display_name: string;
  [member: string]: unknown;
}

const NONE: Profile['selected'] = { game: '', tools: [], background: '', event: '' };
const OFFLINE_START = { startedAt: '1970-01-01T00:00:00Z', startedAtUnix: 0, converted: '00:00h' };

/** 24 random bytes (192 bits), base64url: an overlay id or a Stream Deck token must not be guessable. */
const secret = () => randomBytes(24).toString('base64url');

/**
 * The profile of a streamer who just signed up with Twitch: `userId` is the
 * Twitch user id, `userName` the display name, fresh overlay ids and Stream
 * Deck token, the default selection; the stream reads offline until EventSub
 * and Helix fill it in.
 */
export function newStreamerProfile(user: HelixUserJson, options: { now: number; selection?: Profile['selected']; random?: () => string }): Profile {
  const { now, random = secret } = options;
  const overlayId = (kind: Kind) => `${kind}-${random()}`;
  const text = (name: string) => (typeof user[name] === 'string' ? (user[name] as string) : '');
  return {
    user: { userId: user.id, userName: user.display_name, streamerType: text('broadcaster_type'), registered: new Date(now).toISOString(), role: 'user', tier: 0 },
    overlays: { game: overlayId('game'), tool: overlayId('tool'), background: overlayId('background'), event: overlayId('event') },
    streamdeck: { token: `streamdeck-${random()}` },
    selected: structuredClone(options.selection ?? NONE),
    preAccess: { games: [], tools: [], background: [], events: [] },
    favs: { games: [], tools: [], backgrounds: [], events: [] },
    twitch: {
      user: {
        id: user.id,
        name: user.login,
        userType: text('type'),
        broadcasterType: text('broadcaster_type'),
        views: 0,
        description: text('description'),
        pb: text('profile_image_url'),
        offlineImg: text('offline_image_url'),
        isBanned: false,
        bannedSince: 0,
      },
      stream: { id: '', status: 'offline', title: '', viewer: 0, language: '', preview: '', game: { id: '', name: '' }, uptime: OFFLINE_START, lastStream: { uptime: '', title: '', vod: '', startedAt: '' }, tags: [], stats: now },
    },
  };
}
