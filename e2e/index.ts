// The door of the browser tests, for what the command-line tools and the benchmarks take from them:
// the Chromium they all run, and its flags. Only chromium.ts, so nothing here loads @playwright/test.
export { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
