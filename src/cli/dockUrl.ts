import { DOCK_PAGE_PATH, withTokenFragment } from '../api/index.ts';
import type { Seed } from '../server/index.ts';

/**
 * The dock of the seed's first user: every overlay with the website token, else
 * the tool overlay by its id. Either is a secret, so it goes in the fragment,
 * which the browser never sends: it stays out of server logs and proxies.
 */
export function dockUrl(url: string, seed: Seed): string {
  const { profile, tokens } = seed.users[0]!;
  const website = tokens.find((token) => token.context === 'website');
  const page = url + DOCK_PAGE_PATH;
  return website ? withTokenFragment(page, encodeURIComponent(website.token)) : `${page}#overlay=${encodeURIComponent(profile.overlays.tool)}`;
}
