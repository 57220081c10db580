/** Name of the `<meta>` of the page that carries the module origin template (set by the build or by `npm start`). */
export const MODULE_ORIGIN_META = 'overlay-module-origin';

/** The placeholder of a module origin template that each module's site label replaces. */
export const SITE_PLACEHOLDER = '{site}';

/** The longest site label `moduleSiteLabel` makes; the rest of the host must leave room for it. */
const LONGEST_LABEL = 63;

/**
 * Why a module origin template such as `https://{site}.modules.example.com` cannot
 * be used, or `undefined` when it can: http or https, `{site}` exactly once and
 * as the whole first label of the host, an optional port, and nothing after the origin.
 */
export function moduleOriginProblem(template: string): string | undefined {
  const example = 'e.g. "https://{site}.modules.example.com"';
  if (template.split(SITE_PLACEHOLDER).length !== 2) return `it must hold ${SITE_PLACEHOLDER} exactly once, ${example}`;
  let url: URL;
  try {
    url = new URL(template.replace(SITE_PLACEHOLDER, 'site'));
  } catch {
    return `it is not a URL, ${example}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `it must start with https:// or http://, ${example}`;
  if (!url.hostname.startsWith('site.') || !template.includes(`//${SITE_PLACEHOLDER}.`)) {
    return `${SITE_PLACEHOLDER} must be the first label of the host, ${example}`;
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || /[^/]\/./.test(template.split('//')[1]!)) {
    return `it must be an origin only (no path, query or user), ${example}`;
  }
  if (url.hostname.length - 'site'.length + LONGEST_LABEL > 253) return 'its host is too long for a DNS name with a site label in front';
  return undefined;
}

/** The origin of one module: the template with the module's site label in place of `{site}`. */
export function moduleOriginOf(template: string, label: string): string {
  return new URL(template.replace(SITE_PLACEHOLDER, label)).origin;
}

/**
 * The query parameter of a module frame's URL that names the API base
 * (`/modules/<id>/index.html?api=<base>`): the module page's policy allows the
 * API's media path from it, and nothing else of the API.
 */
export const MODULE_API_PARAM = 'api';
