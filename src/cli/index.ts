// The door of the command-line tools, for what other folders take from them: the app that serves
// the built pages beside the API, which the server's tests and the benchmarks serve pages with.
export { createPageApp, type PageAppOptions } from './createPageApp.ts';
