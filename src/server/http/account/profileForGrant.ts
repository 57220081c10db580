import { KINDS, type Profile } from '../../../api/index.ts';
import type { TokenGrant } from '../../registry/index.ts';

/**
 * The profile as a token may read it. An overlay token sees its own kind's
 * overlay id and `""` for the others and for `streamdeck.token`, the shape
 * unchanged: whoever leaked one overlay's address must not read the new id of
 * another (or the one `New address` just made), nor the Stream Deck token.
 * Website and Stream Deck grants get the profile as it is (the same object).
 * A deliberate difference from the service interface (docs/server.md).
 */
export function profileForGrant(profile: Profile, grant: TokenGrant): Profile {
  const own = grant.context === 'overlay' ? grant.overlay : undefined;
  if (own === undefined) return profile;
  const overlays = { ...profile.overlays };
  for (const kind of KINDS) if (kind !== own) overlays[kind] = '';
  return { ...profile, overlays, streamdeck: { ...profile.streamdeck, token: '' } };
}
