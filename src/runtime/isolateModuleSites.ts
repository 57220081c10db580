import { type ModuleEntry, moduleOriginOf, moduleOriginProblem, SITE_PLACEHOLDER } from '../api/index.ts';
import { moduleSiteLabel } from './moduleSiteLabel.ts';

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$|\.localhost$/;

/** Where each module loads from. */
export interface SiteIsolation {
  /** The modules that may start, each with the URL of its frame. */
  entries: ModuleEntry[];
  /** Modules not to start, with the reason: their frame would not have got a site of its own. */
  refused: Array<{ id: string; reason: string }>;
  /** True when every started module has a site of its own (a hung one cannot freeze the others). */
  isolated: boolean;
}

/**
 * Gives each module its own site: from `moduleOrigin` (a template such as
 * `https://{site}.modules.example.com`) when the page was built or served with
 * one, else, when the page is served from this machine, `http://<label>.localhost:<port>`
 * (browsers resolve every `*.localhost` name to the loopback address). Chromium
 * puts frames of different sites in different processes, so a module that hangs
 * its event loop cannot freeze its neighbours. Elsewhere URLs stay as they are.
 * A module whose frame would still load from the page's own host is refused
 * rather than started beside the page.
 */
export function isolateModuleSites(entries: readonly ModuleEntry[], page: URL, moduleOrigin?: string): SiteIsolation {
  const template = moduleOrigin || loopbackTemplate(page);
  if (!template) return { entries: [...entries], refused: [], isolated: false };
  const problem = moduleOriginProblem(template);
  if (problem) return { entries: [], refused: entries.map(({ id }) => ({ id, reason: `the module origin ${JSON.stringify(template)} is refused: ${problem}` })), isolated: true };
  const isolated: SiteIsolation = { entries: [], refused: [], isolated: true };
  for (const entry of entries) {
    const label = moduleSiteLabel(entry.id);
    const own = new URL(entry.url, page);
    const url = new URL(own.pathname + own.search + own.hash, moduleOriginOf(template, label));
    if (url.host === page.host || !url.hostname.startsWith(`${label}.`)) {
      isolated.refused.push({ id: entry.id, reason: `its frame would load from ${url.host}, not a site of its own beside the page at ${page.host}` });
    } else {
      isolated.entries.push({ ...entry, url: url.href });
    }
  }
  return isolated;
}

/** True when the page is served from this machine, where every module can get a `*.localhost` site. */
export function canIsolateSites(page: URL): boolean {
  return LOOPBACK.test(page.hostname);
}

function loopbackTemplate(page: URL): string | undefined {
  if (!canIsolateSites(page)) return undefined;
  return `${page.protocol}//${SITE_PLACEHOLDER}.localhost${page.port ? `:${page.port}` : ''}`;
}
