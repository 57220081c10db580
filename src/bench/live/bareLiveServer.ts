/**
 * The live baseline (run as its own process by spawnLiveServer): a bare
 * node:http server with a bare `ws` server on its upgrades. A POST of
 * `{id, key, value}` is pushed to every connected socket as the same `change`
 * JSON the reference server sends, and answered like a PATCH. No auth, no
 * store, no spaces, no replay log: the floor of a WebSocket fan-out in Node.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
let sequence = 0;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { id, key, value } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; key: string; value: unknown };
    const valueJson = JSON.stringify(value);
    const message = Buffer.from(`{"type":"change","cursor":"${++sequence}","moduleId":${JSON.stringify(id)},"name":${JSON.stringify(key)},"value":${valueJson},"from":${JSON.stringify(id)}}`);
    for (const ws of wss.clients) ws.send(message, { binary: false });
    const body = `{"id":${JSON.stringify(id)},"key":${JSON.stringify(key)},"value":${valueJson}}`;
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.on('upgrade', (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws)));
server.listen(0, '127.0.0.1', () => {
  console.log(`API listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => process.exit(0));
