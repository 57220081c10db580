import { DEMO_PROFILE, freshOverlayId, freshSecret, type Seed } from '../server/index.ts';

/**
 * The seed of `npm start` without `--seed`: the streamer's own profile, with
 * the demo's modules and stream data, fresh overlay ids and a fresh Stream
 * Deck token, no Twitch user (`twitch.user.id` is `""` until one is
 * connected), and the data folder's website token as its only token. The
 * store keeps the profile from the first start on (a seeded user it knows
 * keeps its stored profile), so the ids drawn by later starts are never used.
 */
export function streamerSeed(websiteToken: string, secret: () => string = freshSecret): Seed {
  const profile = structuredClone(DEMO_PROFILE);
  profile.overlays = {
    game: freshOverlayId('game', secret),
    tool: freshOverlayId('tool', secret),
    background: freshOverlayId('background', secret),
    event: freshOverlayId('event', secret),
  };
  profile.streamdeck = { ...profile.streamdeck, token: secret() };
  // No Twitch user until the streamer connects one: with the demo's id, that Twitch user would sign in to this account.
  profile.twitch.user.id = '';
  return { users: [{ profile, tokens: [{ token: websiteToken, context: 'website' }] }] };
}
