import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { SIGN_IN_CALLBACK_PATH, SIGN_IN_PATH } from '../api/index.ts';
import { isInsideRealFolder, moduleFileCsp, PAGE_CSP, pageEntry } from '../vite/index.ts';
import { cacheControlFor } from './cacheControlFor.ts';
import { withModuleOrigin } from './withModuleOrigin.ts';

export interface PageAppOptions {
  /** The built site (`vite build` output). */
  distDir: string;
  /** The API's fetch handler; served under `/api`. */
  api: { fetch: (request: Request, env?: { clientAddress?: string }) => Response | Promise<Response> };
  /** Receives the paths refused because they lead out of `distDir` through a symlink. @default console.warn */
  warn?: (message: string) => void;
  /** Module origin template written into the pages, e.g. `https://{site}.modules.example.com`. @default the build's */
  moduleOrigin?: string;
}

/**
 * One origin for everything `npm start` serves: the overlay page, the studio,
 * the dock, `/sdk.js`, the modules, and the API under `/api`. Files are compressed for
 * clients that accept it and carry the caching of `cacheControlFor`.
 */
export function createPageApp({ distDir, api, moduleOrigin, warn = console.warn }: PageAppOptions): Hono {
  const app = new Hono();
  // The client's address goes along for the API's rate limits; the request itself is a copy.
  const toApi = (c: Context) => api.fetch(stripPrefix(c.req.raw), { clientAddress: c.env?.incoming?.socket?.remoteAddress });
  app.all('/api', toApi);
  app.all('/api/*', toApi);
  // Twitch sends a streamer who signs in back to <public url>/auth/twitch/callback: the site's root, not /api.
  const toApiAsIs = (c: Context) => api.fetch(c.req.raw, { clientAddress: c.env?.incoming?.socket?.remoteAddress });
  app.get(SIGN_IN_PATH, toApiAsIs);
  app.get(SIGN_IN_CALLBACK_PATH, toApiAsIs);
  // Outermost first: compression sees the final body, the ETag the uncompressed one.
  app.use('*', compress());
  app.use('*', etag());
  app.use('*', async (c, next) => {
    await next();
    // Module frames have an opaque origin: their scripts (and /sdk.mjs imports) need CORS.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    // A module page carries its own connect policy (written in by the build); other module files get theirs here.
    c.header('Content-Security-Policy', c.req.path.startsWith('/modules/') ? moduleFileCsp(c.res.headers.get('Content-Type')) : PAGE_CSP);
    if (c.res.ok) c.header('Cache-Control', cacheControlFor(c.req.path));
  });
  app.get('*', async (c, next) => {
    // A page's path (`/studio`) serves its built entry file (see PAGES); any other path, the file itself.
    const entry = pageEntry(c.req.path);
    if (!entry && !(await staysInside(distDir, c.req.path))) {
      warn(`Refused ${c.req.path}: it is a symlink that leads out of ${distDir}`);
      return c.text('Not found', 404);
    }
    if (entry && moduleOrigin) return c.html(withModuleOrigin(await readFile(join(distDir, entry), 'utf8'), moduleOrigin));
    return serveStatic({ root: distDir, path: entry && `/${entry}` })(c, next);
  });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

/** False when the file a path names exists but, through a symlink, lies outside `root`. */
async function staysInside(root: string, path: string): Promise<boolean> {
  let file: string;
  try {
    file = join(root, decodeURIComponent(path));
    await realpath(file);
  } catch {
    return true; // missing or undecodable: serveStatic answers 404
  }
  return isInsideRealFolder(root, file);
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
