import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { pageEntry } from '../vite/index.ts';
import { cacheControlFor } from './cacheControlFor.ts';
import { withModuleOrigin } from './withModuleOrigin.ts';

export interface PageAppOptions {
  /** The built site (`vite build` output). */
  distDir: string;
  /** The API's fetch handler; served under `/api`. */
  api: { fetch: (request: Request) => Response | Promise<Response> };
  /** Module origin template written into the pages, e.g. `https://{site}.modules.example.com`. @default the build's */
  moduleOrigin?: string;
}

/**
 * One origin for everything `npm start` serves: the overlay page, the studio,
 * `/sdk.js`, the modules, and the API under `/api`. Files are compressed for
 * clients that accept it and carry the caching of `cacheControlFor`.
 */
export function createPageApp({ distDir, api, moduleOrigin }: PageAppOptions): Hono {
  const app = new Hono();
  app.all('/api', (c) => api.fetch(stripPrefix(c.req.raw)));
  app.all('/api/*', (c) => api.fetch(stripPrefix(c.req.raw)));
  // Outermost first: compression sees the final body, the ETag the uncompressed one.
  app.use('*', compress());
  app.use('*', etag());
  app.use('*', async (c, next) => {
    await next();
    // Module frames have an opaque origin: their scripts (and /sdk.mjs imports) need CORS.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Referrer-Policy', 'no-referrer');
    if (c.res.ok) c.header('Cache-Control', cacheControlFor(c.req.path));
  });
  app.get('*', async (c, next) => {
    // A page's path (`/studio`) serves its built entry file (see PAGES); any other path, the file itself.
    const entry = pageEntry(c.req.path);
    if (entry && moduleOrigin) return c.html(withModuleOrigin(await readFile(join(distDir, entry), 'utf8'), moduleOrigin));
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
