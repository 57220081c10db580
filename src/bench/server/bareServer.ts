/**
 * The throughput baseline (run as its own process by startBareServer): a bare
 * node:http handler that does what every API request must do at least (read
 * and parse the JSON body, answer the same JSON body as the reference server)
 * and nothing else: no routing, no auth, no store.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOAD_VALUE_JSON } from './loadRequests.ts';

function answer(response: ServerResponse, id: string, key: string, valueJson: string): void {
  const body = `{"id":${JSON.stringify(id)},"key":${JSON.stringify(key)},"value":${valueJson}}`;
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  if (request.method === 'GET') {
    const params = new URL(request.url ?? '/', 'http://x').searchParams;
    answer(response, params.get('id') ?? '', params.get('key') ?? '', LOAD_VALUE_JSON);
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; key: string; value: unknown };
    answer(response, body.id, body.key, JSON.stringify(body.value));
  });
}

const server = createServer(handle);
server.listen(0, '127.0.0.1', () => {
  console.log(`API listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
