import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1x1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Another origin on this machine, standing in for a server a module talks to:
 * answers every path (a pixel for `*.gif`, else `hello from <origin>`) with CORS
 * for sandboxed frames, and counts the requests that reached it.
 */
export class CountingServer {
  readonly paths: string[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Listens on 127.0.0.1 at `port` (0: any free one). */
  static async start(port = 0): Promise<CountingServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const counting = new CountingServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request, response) => {
      counting.paths.push(request.url ?? '/');
      const image = request.url?.endsWith('.gif');
      response.writeHead(200, { 'Content-Type': image ? 'image/gif' : 'text/plain', 'Access-Control-Allow-Origin': '*' });
      response.end(image ? PIXEL : `hello from ${counting.url}`);
    });
    server.on('upgrade', (request, socket) => {
      counting.paths.push(`upgrade ${request.url}`);
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    return counting;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
