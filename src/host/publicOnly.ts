import type { PublicProfile } from '../api/index.ts';

/**
 * A copy of the profile without credentials, even if a full profile was passed
 * by mistake: a module must never receive the overlay ids or the streamdeck token.
 */
export function publicOnly(profile: PublicProfile): PublicProfile {
  if (!profile || typeof profile !== 'object') throw new TypeError('profile must be an object');
  const copy = structuredClone(profile) as PublicProfile & { overlays?: unknown };
  delete copy.overlays;
  if (copy.streamdeck && typeof copy.streamdeck === 'object') delete copy.streamdeck.token;
  return copy;
}
