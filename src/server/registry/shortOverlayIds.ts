import { KINDS } from '../../api/index.ts';
import type { Seed } from './seed.ts';

/**
 * Shorter overlay ids can be guessed: an overlay id is a bearer secret (it is
 * exchanged for a token without any other check), and the exchange's rate limit
 * only slows guessing down. 22 base64url characters hold 128 random bits.
 */
export const MIN_OVERLAY_ID_LENGTH = 22;

/** One warning line per overlay id of the seed shorter than MIN_OVERLAY_ID_LENGTH, naming where it is. */
export function shortOverlayIds(seed: Seed): string[] {
  const lines: string[] = [];
  seed.users.forEach(({ profile }, index) => {
    for (const kind of KINDS) {
      const id = profile.overlays[kind];
      if (id.length < MIN_OVERLAY_ID_LENGTH) {
        lines.push(
          `Warning: users[${index}].profile.overlays.${kind} is ${id.length} characters long: an overlay id is a secret that yields a token, use ${MIN_OVERLAY_ID_LENGTH} or more random characters (docs/security-limits.md)`,
        );
      }
    }
  });
  return lines;
}
