/**
 * The media baselines (run as its own process, `bareMediaServer.ts <file> <upload folder>`): a bare
 * node:http handler that answers GET with the bytes of <file> (read once at start) and the same
 * headers as the reference server, and writes the body of a POST to a new file in <upload folder>,
 * synced to disk before its 201, as the reference server's SQLite commit is. No routing, no auth,
 * no checks, no store.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const [file, folder] = process.argv.slice(2) as [string, string];
const bytes = readFileSync(file);
let uploads = 0;

function serve(response: ServerResponse): void {
  response.writeHead(200, {
    'Content-Type': 'image/png',
    'Content-Length': bytes.byteLength,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
  });
  response.end(bytes);
}

function store(request: IncomingMessage, response: ServerResponse): void {
  const out = createWriteStream(join(folder, `upload-${++uploads}`), { flush: true });
  request.pipe(out);
  out.on('close', () => {
    response.writeHead(201, { 'Content-Type': 'application/json' });
    response.end('{}');
  });
}

const server = createServer((request, response) => (request.method === 'POST' ? store(request, response) : serve(response)));
server.listen(0, '127.0.0.1', () => {
  console.log(`API listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
