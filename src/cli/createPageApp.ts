import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { pageEntry } from '../vite/index.ts';

export interface PageAppOptions {
  /** The built site (`vite build` output). */
  distDir: string;
  /** The API's fetch handler; served under `/api`. */
  api: { fetch: (request: Request) => Response | Promise<Response> };
}

/**
 * One origin for everything `npm start` serves: the overlay page, the studio,
 * the dock, `/sdk.js`, the modules, and the API under `/api`.
 */
export function createPageApp({ distDir, api }: PageAppOptions): Hono {
  const app = new Hono();
  app.all('/api', (c) => api.fetch(stripPrefix(c.req.raw)));
  app.all('/api/*', (c) => api.fetch(stripPrefix(c.req.raw)));
  app.use('*', async (c, next) => {
    await next();
    // Module frames have an opaque origin: their scripts (and /sdk.mjs imports) need CORS.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Referrer-Policy', 'no-referrer');
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) c.header('Cache-Control', 'no-cache');
  });
  app.get('*', async (c, next) => {
    // A page's path (`/studio`) serves its built entry file (see PAGES); any other path, the file itself.
    const entry = pageEntry(c.req.path);
    return serveStatic({ root: distDir, path: entry && `/${entry}` })(c, next);
  });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

/** The same request, with `/api` taken off the front of its path. */
function stripPrefix(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice('/api'.length) || '/';
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    // Node's fetch needs this to pass a streamed body along without reading it.
    duplex: 'half',
  } as RequestInit);
}
