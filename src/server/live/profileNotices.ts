import { KINDS, type Kind, type Layout, type LiveAlertCommandMessage, type LiveAlertsMessage } from '../../api/index.ts';
import type { ChangeFeed } from './ChangeFeed.ts';

/** Tells a user's live sockets that the profile, a layout or the alert state changed, or an alert command (docs/live-sync.md); never replayed. */
export interface ProfileNotices {
  /** `{type:'profile'}` on every live space of the user (all four kinds). */
  profileChanged(userId: string): Promise<void>;
  /** `{type:'layout', layout}` on the space of the layout's kind. */
  layoutChanged(userId: string, layout: Layout): Promise<void>;
  /** `{type:'alerts', state}` or `{type:'alertCommand', command}` on every live space of the user: every page and dock (docs/alerts.md). */
  alerts(userId: string, message: LiveAlertsMessage | LiveAlertCommandMessage): Promise<void>;
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
    async alerts(userId, message) {
      const text = JSON.stringify(message);
      await Promise.all(KINDS.map((kind: Kind) => feed.notify({ userId, kind }, text)));
    },
  };
}
