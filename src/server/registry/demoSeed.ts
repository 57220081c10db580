import type { Profile } from '../../api/index.ts';
import type { Seed } from './seed.ts';

/**
 * Overlay ids of the demo user: exchange one at `POST /auth/overlay` for an overlay token.
 * An overlay id is a bearer secret (anyone holding it gets a token), so each
 * carries 144 random bits: guessing one stays hopeless even at the rate limit.
 */
export const DEMO_OVERLAY_IDS = {
  game: 'demo-game-Ty7hOu06tO--gzehczJZXujl',
  tool: 'demo-tool-wLQBEVlv5gu-1pHWj3D1F_gA',
  background: 'demo-background-vpyYlZQ46CphrKpJC0DzhNxg',
  event: 'demo-event-mbl9PGtlWanCFBrufCxBREHY',
} as const;

/**
 * Fixed tokens of the demo user: one overlay token per kind and a website token. They never expire.
 * They are public (they are in this file): `npm start` replaces the website token, which reads the
 * profile and every overlay id, with a random one per data folder (src/cli/websiteToken.ts).
 */
export const DEMO_TOKENS = {
  game: 'demo-game-token',
  tool: 'demo-tool-token',
  background: 'demo-background-token',
  event: 'demo-event-token',
  website: 'demo-website-token',
} as const;

/** A partner streamer, live right now, with every overlay kind and several tools selected. */
export const DEMO_PROFILE: Profile = {
  user: {
    userId: '40917221',
    userName: 'PixelPioneer',
    streamerType: 'partner',
    registered: '2021-03-14T18:22:05.123Z',
    role: 'user',
    tier: 2,
  },
  overlays: { ...DEMO_OVERLAY_IDS },
  streamdeck: { token: 'demo-streamdeck-9b2e61f0' },
  selected: {
    game: 'demo.game.trivia',
    tools: ['demo.tool.counter', 'demo.tool.streaminfo', 'demo.tool.goal', 'demo.tool.recent'],
    background: 'demo.background.aurora',
    event: 'demo.event.alerts',
  },
  preAccess: { games: [], tools: ['demo.tool.goal'], background: [], events: [] },
  favs: { games: ['demo.game.trivia'], tools: ['demo.tool.counter'], backgrounds: ['demo.background.aurora'], events: [] },
  twitch: {
    user: {
      id: '40917221',
      name: 'pixelpioneer',
      userType: '',
      broadcasterType: 'partner',
      views: 1843201,
      description: 'Retro speedruns, cozy chat and the occasional game jam. Live most evenings (CET).',
      pb: 'https://static-cdn.jtvnw.net/jtv_user_pictures/pixelpioneer-profile_image-300x300.png',
      offlineImg: 'https://static-cdn.jtvnw.net/jtv_user_pictures/pixelpioneer-channel_offline_image-1920x1080.png',
      isBanned: false,
      bannedSince: 0,
    },
    stream: {
      id: '52184736291',
      status: 'live',
      title: 'Any% attempts on retro platformers – new PB today? !discord !goal',
      viewer: 1287,
      language: 'en',
      preview: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_pixelpioneer-1280x720.jpg',
      game: { id: '509658', name: 'Just Chatting' },
      uptime: { startedAt: '2024-05-18T17:02:11Z', startedAtUnix: 1716051731000, converted: '02:47h' },
      lastStream: {
        uptime: '04:12h',
        title: 'Game jam day 2: polishing the boss fight',
        vod: 'https://www.twitch.tv/videos/2145533120',
        startedAt: '2024-05-16T16:58:40Z',
      },
      tags: ['English', 'Speedrun', 'Retro', 'Chill'],
      stats: 1716061751000,
    },
  },
};

/** The built-in seed used when the server starts without `--seed`. */
export const DEMO_SEED: Seed = {
  users: [
    {
      profile: DEMO_PROFILE,
      tokens: [
        { token: DEMO_TOKENS.game, context: 'overlay', overlay: 'game' },
        { token: DEMO_TOKENS.tool, context: 'overlay', overlay: 'tool' },
        { token: DEMO_TOKENS.background, context: 'overlay', overlay: 'background' },
        { token: DEMO_TOKENS.event, context: 'overlay', overlay: 'event' },
        { token: DEMO_TOKENS.website, context: 'website' },
      ],
    },
  ],
};
