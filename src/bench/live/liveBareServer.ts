/**
 * The floor of `live.latency` (run as its own process): a bare node:http server
 * that answers a PATCH and, as it does, pushes the change message the reference
 * server would send to every page connected over a raw WebSocket (handshake and
 * frames written by hand: no routing, auth, store, cursor or library). `GET /`
 * serves the bare page that listens to it.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const PAGE = `<!doctype html><meta charset="utf-8"><title>bare live page</title><script>
const socket = new WebSocket('ws://' + location.host + '/changes');
socket.onopen = () => { document.title = 'open'; };
socket.onmessage = (event) => window.benchHeard(JSON.parse(event.data).value);
</script>`;
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const sockets = new Set<Socket>();

/** One unmasked text frame (servers never mask). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const header = payload.length < 126 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, payload]);
}

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; key: string; value: unknown };
    const [moduleId, name] = body.key.includes(':') ? [body.key.slice(0, body.key.indexOf(':')), body.key.slice(body.key.indexOf(':') + 1)] : [body.id, body.key];
    const change = JSON.stringify({ type: 'change', cursor: '0', moduleId, name, value: body.value, from: body.id });
    for (const socket of sockets) socket.write(textFrame(change));
    const answer = JSON.stringify(body);
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(answer) });
    response.end(answer);
  });
});

server.on('upgrade', (request, socket: Socket) => {
  const accept = createHash('sha1').update(`${request.headers['sec-websocket-key']}${WS_GUID}`).digest('base64');
  socket.setNoDelay(true);
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  sockets.add(socket);
  // The page never sends anything the floor needs; its frames are read and dropped.
  socket.on('data', () => undefined);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => sockets.delete(socket));
});

server.listen(0, '127.0.0.1', () => {
  console.log(`API listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  for (const socket of sockets) socket.destroy();
  server.close(() => process.exit(0));
});
