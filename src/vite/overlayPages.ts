import type { Plugin } from 'vite';
import { pageDocument } from './pageDocument.ts';
import { pageEntry } from './pages.ts';

/**
 * Serves each page of `PAGES` at its path in dev (`/studio` -> its entry file),
 * as `npm start` does in production, and writes the document around each page
 * file that holds only its own lines (pageDocument.ts), in dev and build alike. The rewrite runs before Vite's own
 * middlewares, because their fallback would answer `/studio` with the overlay page.
 */
export function overlayPages(): Plugin {
  return {
    name: 'overlay-pages',
    // Before Vite reads the scripts and links of the page: they are in the document only then.
    transformIndexHtml: { order: 'pre', handler: pageDocument },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev');
        const entry = url.pathname === '/' ? undefined : pageEntry(url.pathname);
        if (entry) request.url = `/${entry}${url.search}`;
        next();
      });
    },
  };
}
