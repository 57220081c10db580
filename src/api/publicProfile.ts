import type { Profile, PublicProfile } from './profile.ts';

/**
 * Drops every credential from a profile: `streamdeck.token` and the `overlays`
 * ids (an overlay id can be exchanged for a token). The input is not modified.
 */
export function toPublicProfile(profile: Profile): PublicProfile {
  const { overlays: _overlays, streamdeck, ...rest } = structuredClone(profile);
  const { token: _token, ...deck } = streamdeck;
  return { ...rest, streamdeck: deck } as PublicProfile;
}

export type { PublicProfile } from './profile.ts';
