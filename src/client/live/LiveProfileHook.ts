import type { Layout } from '../../api/index.ts';

/**
 * Where the live socket's profile news go (docs/live-sync-page.md, "Profile and
 * layout"). Neither message is replayed, so after a `ready` that follows a lost
 * connection both are called without news: re-read what is shown.
 */
export interface LiveProfileHook {
  /** The profile changed (`profile`), or may have: re-read `GET /me`. */
  profile(): void;
  /** The layout of the page's kind changed (`layout`), or, without one, may have: re-read `GET /me/layout/<kind>`. */
  layout(layout?: Layout): void;
}
