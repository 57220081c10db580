/**
 * The oldest browser the built site runs in: the Chromium 103 of OBS 29 and 30's
 * browser source and docks (OBS 31 and 32 ship Chromium 127). `vite.config.ts`
 * gives it to the script transform (`build.target`) and to the CSS minifier
 * (`build.cssTarget`), which then writes nothing that engine misreads: e.g. it
 * keeps `(min-width: 720px)` rather than the shorter `(width>=720px)`, a range
 * query Chromium 103 reads as `not all`. docs/obs-engines.md says how it is tested.
 */
export const BROWSER_TARGET = 'chrome103';
