import type { Profile } from './profile.ts';

/**
 * The profile as a module may see it: without `streamdeck.token` and without the
 * `overlays` ids (an overlay id can be exchanged for a token).
 */
export type PublicProfile = Omit<Profile, 'overlays' | 'streamdeck'> & {
  streamdeck: Omit<Profile['streamdeck'], 'token'>;
};

/** Drops every credential from a profile; the input is not modified. */
export function toPublicProfile(profile: Profile): PublicProfile {
  const { overlays: _overlays, streamdeck, ...rest } = profile;
  const { token: _token, ...deck } = streamdeck;
  return structuredClone({ ...rest, streamdeck: deck });
}
