import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

/** One EventSub WebSocket session of the fake, as Twitch's docs describe it. */
interface FakeSession {
  id: string;
  socket: WebSocket;
  keepalive?: ReturnType<typeof setInterval>;
  silent: boolean;
}

export interface FakeSubscriptionRef {
  id: string;
  type: string;
  version: string;
  condition: Record<string, string>;
  transport: Record<string, string>;
  status: string;
  created_at: string;
}

/**
 * The fake's `/ws`: a `session_welcome` on connect, `session_keepalive` every
 * `keepaliveSeconds` unless silenced, and the test's controls for notifications,
 * `session_reconnect`, revocations and close codes.
 */
export function createFakeEventSubSocket(options: { keepaliveSeconds: number; port: () => number; dropSessionSubscriptions: (sessionId: string) => void }) {
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new Map<string, FakeSession>();
  /** A session moved by `session_reconnect`: its old socket closing must not end it. */
  const moving = new Set<string>();
  const connections: string[] = [];

  const send = (session: FakeSession, type: string, payload: unknown, extra: Record<string, string> = {}, id: string = randomUUID()) => {
    session.socket.send(JSON.stringify({ metadata: { message_id: id, message_type: type, message_timestamp: new Date().toISOString(), ...extra }, payload }));
    return id;
  };
  const startKeepalive = (session: FakeSession) => {
    clearInterval(session.keepalive);
    session.keepalive = setInterval(() => {
      if (!session.silent) send(session, 'session_keepalive', {});
    }, options.keepaliveSeconds * 1000);
  };
  const welcome = (session: FakeSession) => {
    const payload = { session: { id: session.id, status: 'connected', connected_at: new Date().toISOString(), keepalive_timeout_seconds: options.keepaliveSeconds, reconnect_url: null } };
    send(session, 'session_welcome', payload);
    startKeepalive(session);
  };
  const attach = (socket: WebSocket, request: IncomingMessage) => {
    const resumed = new URL(request.url ?? '/', 'http://fake').searchParams.get('resume');
    const previous = resumed ? sessions.get(resumed) : undefined;
    const session: FakeSession = { id: previous?.id ?? randomUUID(), socket, silent: false };
    connections.push(session.id);
    if (previous) {
      clearInterval(previous.keepalive);
      // Twitch closes the old connection once the new one is welcomed (close code 4004 on the old one is for a late client).
      setTimeout(() => previous.socket.close(1000), 50);
    }
    sessions.set(session.id, session);
    socket.on('close', () => {
      if (sessions.get(session.id)?.socket !== socket) return;
      clearInterval(session.keepalive);
      sessions.delete(session.id);
      if (!moving.delete(session.id)) options.dropSessionSubscriptions(session.id);
    });
    welcome(session);
  };
  const only = (sessionId?: string): FakeSession => {
    const found = sessionId ? sessions.get(sessionId) : [...sessions.values()].at(-1);
    if (!found) throw new Error(`fake Twitch: no open EventSub session${sessionId ? ` ${sessionId}` : ''}`);
    return found;
  };

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(request, socket, head, (ws) => attach(ws, request));
    },
    isOpen: (sessionId: string) => sessions.has(sessionId),
    /** Session ids in the order their connections were opened. */
    connections,
    notify(subscription: FakeSubscriptionRef, event: unknown, messageId: string = randomUUID()): string {
      const session = only(subscription.transport.session_id);
      const meta = { subscription_type: subscription.type, subscription_version: subscription.version };
      return send(session, 'notification', { subscription: { ...subscription, cost: 0 }, event }, meta, messageId);
    },
    revoke(subscription: FakeSubscriptionRef, status: string) {
      const meta = { subscription_type: subscription.type, subscription_version: subscription.version };
      send(only(subscription.transport.session_id), 'revocation', { subscription: { ...subscription, status, cost: 0 } }, meta);
    },
    /** `session_reconnect`: the client must connect to the new URL, where the session and its subscriptions continue. */
    reconnect(sessionId?: string) {
      const session = only(sessionId);
      moving.add(session.id);
      const url = `ws://127.0.0.1:${options.port()}/ws?resume=${session.id}`;
      send(session, 'session_reconnect', { session: { id: session.id, status: 'reconnecting', keepalive_timeout_seconds: null, reconnect_url: url, connected_at: new Date().toISOString() } });
    },
    /** No keepalive and no message any more: the client must notice within keepalive_timeout_seconds. */
    silence(sessionId?: string) {
      only(sessionId).silent = true;
    },
    sendRaw(text: string, sessionId?: string) {
      only(sessionId).socket.send(text);
    },
    close(code: number, sessionId?: string) {
      only(sessionId).socket.close(code, 'closed by the fake');
    },
    stop() {
      for (const session of sessions.values()) {
        clearInterval(session.keepalive);
        session.socket.terminate();
      }
      sessions.clear();
      wss.close();
    },
  };
}

export type FakeEventSubSocket = ReturnType<typeof createFakeEventSubSocket>;
