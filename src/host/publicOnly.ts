import { type Profile, type PublicProfile, toPublicProfile } from '../api/index.ts';

/**
 * A copy of the profile holding only the members a module may see (the
 * spec's, minus credentials), even if a full profile was passed by mistake:
 * a module must never receive the overlay ids, the streamdeck token, or any
 * member the spec does not name.
 */
export function publicOnly(profile: PublicProfile): PublicProfile {
  if (!profile || typeof profile !== 'object') throw new TypeError('profile must be an object');
  return toPublicProfile(profile as Profile);
}
