import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type HelixUserJson, SIGN_IN_COOKIE, type SignUpSettings } from '../index.ts';
import { type RunningApiServer, type StartApiServerOptions, startApiServer } from '../../startApiServer.ts';
import { freePort } from '../../testing/freePort.ts';
import { startRedisServer, type TestRedisServer } from '../../testing/redisServer.ts';
import type { TwitchSettings } from '../../twitch/index.ts';
import { type FakeTwitch, startFakeTwitch } from '../../twitch/testing/fakeTwitch.ts';

/** An API with `--signup twitch` against the fake Twitch, wired as `npm run api` wires it; its public URL is its own address. */
export interface SignUpServer {
  server: RunningApiServer;
  publicUrl: string;
  close(): Promise<void>;
}

export interface SignUpServerOptions extends Omit<StartApiServerOptions, 'signup' | 'twitch' | 'twitchRoutes' | 'port'> {
  store?: string;
  signup?: Partial<SignUpSettings>;
  /** The Twitch link's webhook transport (its callback is this server's `POST /twitch/eventsub`). */
  webhook?: boolean;
  /** Waits between two polls of `Connect Twitch`'s device flow. @default Twitch's interval */
  sleep?: (ms: number) => Promise<void>;
}

export async function startSignUpServer(fake: FakeTwitch, options: SignUpServerOptions = {}): Promise<SignUpServer> {
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  const { signup, webhook, sleep, store = 'memory', ...rest } = options;
  const port = await freePort();
  // Instances behind one load balancer share one public URL: pass `signup.publicUrl` for the second.
  const publicUrl = signup?.publicUrl ?? `http://127.0.0.1:${port}`;
  const twitch: TwitchSettings = { clientId: fake.clientId };
  if (webhook) twitch.webhook = { callback: `http://127.0.0.1:${port}/twitch/eventsub`, secret: 'webhook-secret-0123', clientSecret: fake.clientSecret };
  const signUp = { clientId: fake.clientId, clientSecret: fake.clientSecret, publicUrl, ...signup };
  const server = await startApiServer({ log: () => {}, ...rest, port, store, twitch: { ...twitch, sleep }, signup: signUp });
  await server.connectTwitch();
  return { server, publicUrl, close: () => server.close() };
}

/**
 * The hooks of a file of sign-up tests: one Redis for the file, emptied before each test (accounts, sessions and
 * budgets of earlier tests are gone), a fresh fake Twitch that knows `users`, and the servers of each test closed after it.
 */
export function useSignUpServers(users: HelixUserJson[]) {
  const running: SignUpServer[] = [];
  const bed = {
    fake: undefined as unknown as FakeTwitch,
    redis: undefined as unknown as TestRedisServer,
    async start(options: SignUpServerOptions = {}): Promise<SignUpServer> {
      const started = await startSignUpServer(bed.fake, options);
      running.push(started);
      return started;
    },
  };
  beforeAll(async () => {
    bed.redis = await startRedisServer();
  });
  beforeEach(async () => {
    const client = new Redis(bed.redis.port, '127.0.0.1');
    await client.flushall();
    client.disconnect();
    bed.fake = await startFakeTwitch();
    for (const user of users) bed.fake.users.set(user.id, user);
  });
  afterEach(async () => {
    for (const each of running.splice(0)) await each.close();
    await bed.fake.stop();
  });
  afterAll(() => bed.redis.dispose());
  return bed;
}

/**
 * The three hops of a browser that signs in: the API, Twitch's authorize page (the fake approves), the callback,
 * which gets the sign-in cookie the first hop set (a browser sends it back), unless `withCookie` is false.
 */
export async function signInThroughTwitch(startUrl: string, options: { finishAt?: string; userAgent?: string; withCookie?: boolean } = {}) {
  const headers = { 'User-Agent': options.userAgent ?? 'signUpTestKit' };
  const toTwitch = await fetch(`${startUrl}/auth/twitch`, { redirect: 'manual', headers });
  const authorize = toTwitch.headers.get('location') ?? '';
  const cookie = toTwitch.headers.get('set-cookie')?.split(';')[0] ?? '';
  const back = await fetch(authorize, { redirect: 'manual' });
  let callback = back.headers.get('location') ?? '';
  if (options.finishAt) callback = callback.replace(new URL(callback).origin, options.finishAt);
  const finished = await fetch(callback, { redirect: 'manual', headers: options.withCookie === false ? headers : { ...headers, Cookie: cookie } });
  const location = finished.headers.get('location');
  const token = location ? /#token=([^&]+)$/.exec(location)?.[1] : undefined;
  return { toTwitch, authorize, callback, cookie, finished, location, token, page: location ? '' : await finished.text() };
}

/** The `Cookie` header of the browser that started the sign-in of a callback address (its state's cookie). */
export function cookieOf(callback: string | URL): { Cookie: string } {
  return { Cookie: `${SIGN_IN_COOKIE}=${new URL(callback).searchParams.get('state') ?? ''}` };
}
