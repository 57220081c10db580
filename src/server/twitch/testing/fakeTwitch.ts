import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeTwitchAuth } from './fakeTwitchAuth.ts';
import { createFakeEventSubSocket, type FakeSubscriptionRef } from './fakeEventSubSocket.ts';

/** The body of `POST /eventsub/subscriptions`. */
interface SubscriptionBody {
  type: string;
  version: string;
  condition: Record<string, string>;
  transport?: Record<string, string>;
}

export interface FakeTwitchOptions {
  clientId?: string;
  /** The app's secret, checked by `grant_type=authorization_code`. @default 'fakeclientsecret0000000000000' */
  clientSecret?: string;
  /** `keepalive_timeout_seconds` of its sessions (Twitch allows 10..600; tests use less). @default 10 */
  keepaliveSeconds?: number;
  /** Lifetime of issued access tokens. @default 14400 */
  tokenSeconds?: number;
  now?: () => number;
  /** The device flow's polling `interval` (Twitch says 5). @default 5 */
  pollSeconds?: number;
}

/**
 * A fake Twitch on one loopback port, laid out as twurple and the Twitch CLI's
 * mock server expect with `TWURPLE_MOCK_API_PORT`: `/auth/*`, Helix under
 * `/mock/*`, `/eventsub/subscriptions`, and the EventSub WebSocket at `/ws`.
 */
export async function startFakeTwitch(options: FakeTwitchOptions = {}) {
  const { clientId = 'fakeclientid0000000000000000', clientSecret = 'fakeclientsecret0000000000000', keepaliveSeconds = 10, tokenSeconds = 14_400, now = Date.now, pollSeconds = 5 } = options;
  const auth = createFakeTwitchAuth({ clientId, clientSecret, tokenSeconds, now, pollSeconds });
  const users = new Map<string, Record<string, unknown>>();
  const streams = new Map<string, Record<string, unknown>>();
  const channels = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscriptionRef & { secret?: string }>();
  const requests: string[] = [];
  let port = 0;
  const socket = createFakeEventSubSocket({
    keepaliveSeconds,
    port: () => port,
    dropSessionSubscriptions: (sessionId) => {
      for (const [id, sub] of subscriptions) if (sub.transport.session_id === sessionId) subscriptions.delete(id);
    },
  });

  const helix = (path: string, query: URLSearchParams, request: IncomingMessage): { status: number; body: unknown } => {
    const token = auth.tokenFrom(request.headers.authorization);
    if (!token || request.headers['client-id'] !== clientId) return { status: 401, body: { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' } };
    const pick = (map: Map<string, Record<string, unknown>>, ids: string[]) => ({ data: ids.flatMap((id) => map.get(id) ?? []), pagination: {} });
    if (path === 'users') return { status: 200, body: pick(users, query.getAll('id').length ? query.getAll('id') : [token.userId ?? '']) };
    if (path === 'streams') return { status: 200, body: pick(streams, query.getAll('user_id')) };
    if (path === 'channels') return { status: 200, body: pick(channels, query.getAll('broadcaster_id')) };
    return { status: 404, body: { error: 'Not Found', status: 404, message: `no fake for ${path}` } };
  };

  const subscribe = (body: SubscriptionBody, request: IncomingMessage): { status: number; body: unknown } => {
    const token = auth.tokenFrom(request.headers.authorization);
    if (!token) return { status: 401, body: { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' } };
    const transport = body.transport ?? ({} as Record<string, string>);
    if (transport.method === 'websocket' && !socket.isOpen(transport.session_id)) {
      return { status: 400, body: { error: 'Bad Request', status: 400, message: 'websocket transport session does not exist or has already disconnected' } };
    }
    const same = [...subscriptions.values()].find((s) => s.type === body.type && JSON.stringify(s.condition) === JSON.stringify(body.condition) && s.transport.method === transport.method && s.transport.session_id === transport.session_id);
    if (same) return { status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists' } };
    const { secret, ...shownTransport } = transport;
    const webhook = transport.method === 'webhook';
    const sub = { id: randomUUID(), type: body.type, version: body.version, condition: body.condition, transport: shownTransport, status: webhook ? 'webhook_callback_verification_pending' : 'enabled', created_at: new Date().toISOString(), secret };
    subscriptions.set(sub.id, sub);
    if (webhook) void postWebhook(sub, 'webhook_callback_verification', { challenge: `challenge-${sub.id}` }).then((r) => r.text().then((text) => {
      if (r.status === 200 && text === `challenge-${sub.id}`) sub.status = 'enabled';
    }), () => {});
    const { secret: _hidden, ...shown } = sub;
    return { status: 202, body: { data: [{ ...shown, cost: 0 }], total: subscriptions.size, total_cost: 0, max_total_cost: 10_000 } };
  };

  const postWebhook = (sub: FakeSubscriptionRef & { secret?: string }, type: string, extra: Record<string, unknown>, messageId: string = randomUUID(), timestamp = new Date().toISOString()) => {
    const { secret, ...shown } = sub;
    const body = JSON.stringify({ subscription: { ...shown, cost: 0 }, ...extra });
    const signature = `sha256=${createHmac('sha256', secret ?? '').update(messageId + timestamp + body).digest('hex')}`;
    const headers = {
      'Content-Type': 'application/json',
      'Twitch-Eventsub-Message-Id': messageId,
      'Twitch-Eventsub-Message-Retry': '0',
      'Twitch-Eventsub-Message-Type': type,
      'Twitch-Eventsub-Message-Signature': signature,
      'Twitch-Eventsub-Message-Timestamp': timestamp,
      'Twitch-Eventsub-Subscription-Type': sub.type,
      'Twitch-Eventsub-Subscription-Version': sub.version,
    };
    return fetch(sub.transport.callback, { method: 'POST', headers, body });
  };

  const route = async (request: IncomingMessage, raw: string): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = new URLSearchParams(url.search);
    for (const [key, value] of new URLSearchParams(raw)) if (request.headers['content-type']?.includes('form')) params.append(key, value);
    const path = url.pathname;
    requests.push(`${request.method} ${path}`);
    if (path === '/auth/authorize' && request.method === 'GET') return auth.authorize(url.searchParams);
    if (path === '/auth/device' && request.method === 'POST') return auth.device(params);
    if (path === '/auth/token' && request.method === 'POST') return auth.token(params);
    if (path === '/auth/validate') return auth.validate(request.headers.authorization);
    if (path.startsWith('/mock/')) return helix(path.slice('/mock/'.length), url.searchParams, request);
    if (path === '/eventsub/subscriptions' && request.method === 'POST') return subscribe(JSON.parse(raw || '{}') as SubscriptionBody, request);
    if (path === '/eventsub/subscriptions' && request.method === 'GET') return { status: 200, body: { data: [...subscriptions.values()].map(({ secret, ...s }) => s), total: subscriptions.size, pagination: {} } };
    if (path === '/eventsub/subscriptions' && request.method === 'DELETE') return { status: subscriptions.delete(url.searchParams.get('id') ?? '') ? 204 : 404, body: '' };
    return { status: 404, body: { error: 'Not Found', status: 404, message: `no fake for ${request.method} ${path}` } };
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const { status, body, headers = {} } = await route(request, Buffer.concat(chunks).toString('utf8'));
      // Helix's rate-limit headers: twurple's limiter waits on them, as it must with the real API.
      const limits = { 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '799', 'Ratelimit-Reset': String(Math.ceil(now() / 1000) + 60) };
      response.writeHead(status, { 'Content-Type': 'application/json', ...limits, ...headers }).end(body === '' ? '' : JSON.stringify(body));
    });
  });
  server.on('upgrade', (request, duplex, head) => {
    if (new URL(request.url ?? '/', 'http://fake').pathname === '/ws') socket.handleUpgrade(request, duplex, head);
    else duplex.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;

  const find = (type: string, method = 'websocket') => {
    const found = [...subscriptions.values()].find((s) => s.type === type && s.transport.method === method && s.status === 'enabled');
    if (!found) throw new Error(`fake Twitch: no enabled ${method} subscription of type ${type}`);
    return found;
  };
  return {
    port,
    clientId,
    clientSecret,
    auth,
    users,
    streams,
    channels,
    subscriptions,
    requests,
    socket,
    /** Delivers a notification to the session holding the subscription of `type`; answers its message id. */
    notify: (type: string, event: unknown, messageId?: string) => socket.notify(find(type), event, messageId),
    revoke: (type: string, status = 'authorization_revoked') => {
      const sub = find(type);
      subscriptions.delete(sub.id);
      socket.revoke(sub, status);
    },
    /** Posts a signed webhook message to the subscription's callback, as Twitch does (also for retries: same id). */
    webhook: (type: string, messageType: string, extra: Record<string, unknown>, messageId?: string, timestamp?: string) => postWebhook(find(type, 'webhook'), messageType, extra, messageId, timestamp),
    async stop() {
      socket.stop();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

export type FakeTwitch = Awaited<ReturnType<typeof startFakeTwitch>>;
