import type { ModuleEntry } from '../api/index.ts';

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$|\.localhost$/;

/**
 * Gives each module its own site when the page is served from this machine:
 * `http://<module-id>.localhost:<port>/modules/<id>/`. Browsers resolve every
 * `*.localhost` name to the loopback address, and Chromium puts frames of
 * different sites in different processes, so a module that hangs its event
 * loop cannot freeze its neighbours. Elsewhere (a real domain) URLs stay as they are.
 */
export function isolateModuleSites(entries: readonly ModuleEntry[], page: URL): ModuleEntry[] {
  if (!canIsolateSites(page)) return [...entries];
  return entries.map((entry) => {
    const url = new URL(entry.url, page);
    url.hostname = `${siteLabel(entry.id)}.localhost`;
    return { ...entry, url: url.href };
  });
}

/** True when the page is served from this machine, where every module can get a `*.localhost` site. */
export function canIsolateSites(page: URL): boolean {
  return LOOPBACK.test(page.hostname);
}

/** One DNS label per module id: lower case, dots and underscores turned into dashes. */
function siteLabel(id: string): string {
  return id.toLowerCase().replace(/[._]/g, '-').replace(/^-+|-+$/g, '').slice(0, 63) || 'module';
}
