/**
 * The Content-Security-Policy of a module page: it reaches its own files, the
 * origins its manifest declares in `connect`, and the API's media path; nothing
 * else. `connect-src` never holds `'self'`: a module's own site is served by the
 * page server, which also serves the API (`/api`) on the same host and port.
 */
export function modulePolicy(connect: readonly string[], media?: string): string {
  const declared = connect.join(' ');
  const list = (...sources: Array<string | undefined>) => sources.filter(Boolean).join(' ');
  return [
    `default-src ${list("'self'", declared)}`,
    `script-src ${list("'self'", "'unsafe-inline'", "'unsafe-eval'", 'blob:', declared)}`,
    `style-src ${list("'self'", "'unsafe-inline'", declared)}`,
    `img-src ${list("'self'", 'data:', 'blob:', media, declared)}`,
    `media-src ${list("'self'", 'data:', 'blob:', media, declared)}`,
    `font-src ${list("'self'", 'data:', declared)}`,
    `connect-src ${list(declared, media) || "'none'"}`,
    // Not its own site: a file of the module shown as a page in a nested frame (an SVG, on a host that
    // sends no header) would run without this policy. `srcdoc` frames are not fetched and keep it.
    `frame-src ${declared || "'none'"}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The policy of module files that are not HTML pages (SVG, XML and the rest),
 * sent as a header by the servers: such a file opened in a frame of the module
 * would otherwise be a document without the page's policy. It reaches nothing
 * but the module's own site.
 */
export const MODULE_ASSET_POLICY = "default-src 'self' data: blob:; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'none'; form-action 'none'";
