import { type IncomingMessage, type RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Answers an upgrade request that is not for the live endpoint as the plain
 * request it also is. Once a server listens to `upgrade`, Node hands it every
 * request with an Upgrade header (e.g. `curl --http2` sends `Upgrade: h2c`),
 * and those would otherwise go unanswered. The connection closes after the
 * answer; a body beyond what arrived with the headers is not read.
 */
export function serveUpgradeAsRequest(request: IncomingMessage, socket: Duplex, head: Buffer, listener: RequestListener): void {
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket as Socket);
  response.once('finish', () => {
    response.detachSocket(socket as Socket);
    socket.end();
  });
  if (head.length > 0) request.unshift(head);
  request.push(null);
  listener(request, response);
}
