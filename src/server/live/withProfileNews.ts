import { CANVAS_HEIGHT, CANVAS_WIDTH, type Kind, type Layout } from '../../api/index.ts';
import type { ProfileStore } from '../registry/index.ts';
import type { ProfileNotices } from './profileNotices.ts';

/** A stored layout's boxes as the wire's `Layout` (`GET /me/layout/<kind>`, the live `layout` message). */
export const layoutOf = (kind: Kind, boxes: Layout['boxes']): Layout => ({ kind, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, boxes });

/**
 * The profile store whose every write sends its own news (docs/live-sync.md): whoever writes (a profile
 * route, a developer route, the Twitch refresh, a Twitch link), the user's running overlays hear it at once,
 * not at their next refresh. A copy of `profiles` (a plain object, as the registry factories make) with its
 * writes wrapped; each resolves after its news went out, and news that fails does not undo the write.
 */
export function withProfileNews<P extends ProfileStore>(profiles: P, notices: ProfileNotices): P {
  const tell = (userId: string) => notices.profileChanged(userId).catch(() => {});
  const { updateProfile, replaceProfile, rotateOverlayId, rotateStreamdeckToken, replaceLayout, bindTwitch } = profiles;
  return {
    ...profiles,
    async updateProfile(userId, change, ifMatch) {
      const result = await updateProfile(userId, change, ifMatch);
      if (typeof result === 'object') await tell(userId);
      return result;
    },
    async replaceProfile(userId, profile) {
      const result = await replaceProfile(userId, profile);
      if (result === true) await tell(userId);
      return result;
    },
    async rotateOverlayId(userId, kind) {
      const id = await rotateOverlayId(userId, kind);
      if (id !== undefined) await tell(userId);
      return id;
    },
    async rotateStreamdeckToken(userId) {
      const token = await rotateStreamdeckToken(userId);
      if (token !== undefined) await tell(userId);
      return token;
    },
    async replaceLayout(userId, kind, boxes, ifMatch) {
      const result = await replaceLayout(userId, kind, boxes, ifMatch);
      if (result !== 'stale') await notices.layoutChanged(userId, layoutOf(kind, result.value)).catch(() => {});
      return result;
    },
    async bindTwitch(userId, twitchUser) {
      const result = await bindTwitch(userId, twitchUser);
      if (result === 'bound') await tell(userId);
      return result;
    },
  };
}
