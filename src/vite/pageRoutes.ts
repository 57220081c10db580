import type { Plugin } from 'vite';

/**
 * Pages besides the overlay (`index.html` at `/`): address -> HTML entry,
 * relative to the Vite root. A build emits each entry at its own path, and
 * `npm start` serves it at its address; in dev the plugin below rewrites it.
 */
export const PAGE_ROUTES: Readonly<Record<string, string>> = {
  '/dock': 'src/dock/dock.html',
};

/** The HTML entry served at `path` (a trailing slash allowed), if it is a page's address. */
export function pageEntry(path: string): string | undefined {
  const address = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.hasOwn(PAGE_ROUTES, address) ? PAGE_ROUTES[address] : undefined;
}

/** Builds every page as an input of the build, and serves each at its address in dev. */
export function pageRoutes(): Plugin {
  return {
    name: 'overlay-page-routes',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', ...Object.fromEntries(Object.entries(PAGE_ROUTES).map(([path, entry]) => [path.slice(1), entry])) },
        },
      },
    }),
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev.invalid');
        const entry = pageEntry(url.pathname);
        if (entry) request.url = `/${entry}${url.search}`;
        next();
      });
    },
  };
}
