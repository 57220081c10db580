import { MODULE_API_PARAM, type ModuleEntry } from '../api/index.ts';

/**
 * The entries with the API base in their frame URL (`?api=<absolute base>`): a
 * module page's policy, written in at build time, learns from it where the API's
 * media path is. The base is not secret: it is in the page's own address.
 */
export function withApiBase(entries: readonly ModuleEntry[], apiBase: string, page: URL): ModuleEntry[] {
  const base = new URL(apiBase, page).href;
  return entries.map((entry) => {
    const url = new URL(entry.url, page);
    url.searchParams.set(MODULE_API_PARAM, base);
    // Relative stays relative (the site isolation resolves it against the page), so only the path and query change.
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(entry.url);
    return { ...entry, url: relative && url.origin === page.origin ? url.pathname + url.search + url.hash : url.href };
  });
}
