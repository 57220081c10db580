import type { Profile } from '../../api/index.ts';
import { DEMO_PROFILE } from '../registry/index.ts';
import type { Seed } from '../registry/index.ts';

function profileFor(userId: string, userName: string): Profile {
  const profile = structuredClone(DEMO_PROFILE) as Profile;
  profile.user.userId = userId;
  profile.user.userName = userName;
  profile.overlays = { game: `ov-game-${userId}`, tool: `ov-tool-${userId}`, background: `ov-bg-${userId}`, event: `ov-event-${userId}` };
  profile.streamdeck = { token: `deck-${userId}` };
  return profile;
}

/** Two users, each with an overlay token per kind (`<kind>-<userId>`), a website token (`site-<userId>`) and a Stream Deck token (`deck-<userId>`). */
export const TEST_SEED: Seed = {
  users: [
    { profile: { ...profileFor('1001', 'alice'), extraMember: { kept: true } }, tokens: tokensFor('1001') },
    { profile: profileFor('1002', 'bob'), tokens: tokensFor('1002') },
  ],
};

function tokensFor(userId: string): Seed['users'][number]['tokens'] {
  return [
    { token: `game-${userId}`, context: 'overlay', overlay: 'game' },
    { token: `tool-${userId}`, context: 'overlay', overlay: 'tool' },
    { token: `background-${userId}`, context: 'overlay', overlay: 'background' },
    { token: `event-${userId}`, context: 'overlay', overlay: 'event' },
    { token: `site-${userId}`, context: 'website' },
  ];
}
