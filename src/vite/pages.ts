/**
 * The site's HTML pages: the path each is served at, and its entry file from
 * the project root (also its place in the built site). One line per page:
 * `vite build` takes the entries as its inputs, and `npm run dev` and
 * `npm start` serve each at its path.
 */
export const PAGES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/studio': 'src/studio/studio.html',
  '/dock': 'src/dock/dock.html',
  '/home': 'src/home/home.html',
};

/** The entry file of the page served at `path` (a trailing slash is the same page), or undefined. */
export function pageEntry(path: string): string | undefined {
  const page = path === '/' ? path : path.replace(/\/+$/, '');
  return Object.hasOwn(PAGES, page) ? PAGES[page] : undefined;
}

/** `build.rollupOptions.input`: every page's entry, as an absolute path under `root`. */
export function pageInputs(root: string): Record<string, string> {
  const entries = Object.values(PAGES).map((file) => [file.replace(/^.*\/|\.html$/g, ''), `${root.replace(/\/+$/, '')}/${file}`]);
  return Object.fromEntries(entries);
}
