import { HOME_PAGE_PATH, withTokenFragment } from '../api/index.ts';
import type { Seed } from '../server/index.ts';

/**
 * The home page of the seed's first user, signed in with its website token
 * (in the fragment, which the browser never sends), else the page alone: it
 * asks for the token.
 */
export function homeUrl(url: string, seed: Seed): string {
  const website = seed.users[0]!.tokens.find((token) => token.context === 'website');
  return website ? withTokenFragment(url + HOME_PAGE_PATH, encodeURIComponent(website.token)) : url + HOME_PAGE_PATH;
}
