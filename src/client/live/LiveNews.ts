import type { Layout } from '../../api/index.ts';

/**
 * Where the live socket's news about the user go (docs/live-sync-page.md,
 * "Profile and layout"): with the layout of the page's kind (a `layout`
 * message), or without anything when the profile changed (`profile`) or may
 * have changed, layout included (a `ready` after a lost connection: neither
 * message is replayed): re-read both.
 */
export type LiveNews = (layout?: Layout) => void;
