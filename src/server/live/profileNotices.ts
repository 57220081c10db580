import { KINDS, type Kind, type Layout } from '../../api/index.ts';
import type { ChangeFeed } from './ChangeFeed.ts';

/** Tells a user's live sockets that the profile or a layout changed (docs/live-sync.md); never replayed. */
export interface ProfileNotices {
  /** `{type:'profile'}` on every live space of the user (all four kinds). */
  profileChanged(userId: string): Promise<void>;
  /** `{type:'layout', layout}` on the space of the layout's kind. */
  layoutChanged(userId: string, layout: Layout): Promise<void>;
}

const PROFILE = JSON.stringify({ type: 'profile' });

/** Notices through the live feed's channels: in this process, or through Redis to every instance. */
export function createProfileNotices(feed: ChangeFeed): ProfileNotices {
  return {
    async profileChanged(userId) {
      await Promise.all(KINDS.map((kind: Kind) => feed.notify({ userId, kind }, PROFILE)));
    },
    async layoutChanged(userId, layout) {
      await feed.notify({ userId, kind: layout.kind }, JSON.stringify({ type: 'layout', layout }));
    },
  };
}
