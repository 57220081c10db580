import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * The plainest static host: a file for a path (a folder's `index.html`), its
 * type by extension, 404 otherwise. No rewrites and no extra headers, so a build
 * that runs here runs on any static host or CDN.
 */
export class StaticFileServer {
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(root: string, port = 0): Promise<StaticFileServer> {
    const server = createServer(async (request, response) => {
      const file = await fileFor(root, new URL(request.url ?? '/', 'http://x').pathname);
      if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(request.method === 'HEAD' ? undefined : await readFile(file));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return new StaticFileServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  let path: string;
  try {
    path = normalize(join(root, decodeURIComponent(pathname)));
  } catch {
    return undefined;
  }
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  const found = await stat(path).catch(() => undefined);
  if (found?.isDirectory()) return fileFor(root, `${pathname.replace(/\/?$/, '/')}index.html`);
  return found?.isFile() ? path : undefined;
}
