/** A year: Vite names the files under `assets/` after a hash of their content, so a file there never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Stored, but asked about again before each use: a new build or module update reaches OBS at its next refresh. */
export const REVALIDATE = 'no-cache';

/**
 * The caching of a file the page server sends: hashed build assets for a year,
 * everything else (the pages, `/sdk.js`, module files, `modules.json`)
 * revalidated, with an ETag so that an unchanged file costs a 304.
 */
export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
}
