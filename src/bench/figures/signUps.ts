import { Redis } from 'ioredis';
import { defineFigure } from '../Figure.ts';
import { formatNumber } from '../formatTable.ts';
import { makeRow } from '../makeRow.ts';
import { withRedis } from '../server/withRedis.ts';
import { signInThroughTwitch } from '../../server/signin/testing/signUpTestKit.ts';
import { loadTwitch, parseStoreUrl, type RunningApiServer, startApiServer, type TwitchCredentialStore } from '../../server/index.ts';
import { freePort } from '../../server/testing/freePort.ts';
import { startFakeTwitch, type FakeTwitch } from '../../server/twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../../server/twitch/testing/helixExamples.ts';

const ACCOUNTS = 1000;
/** Browsers signing up at once. */
const CONCURRENCY = 16;

/**
 * 1,000 streamers sign up through the fake Twitch, across two API instances on
 * one private Redis (AOF, `appendfsync always`): each starts on one instance
 * and finishes on the other, 16 at a time. Twitch logins are stored, but no
 * EventSub session starts (that load is the `twitch` figures'). Afterwards
 * every account is checked whole and single: one profile per Twitch id, its
 * Twitch login, one session.
 */
const signUps = defineFigure({ name: 'signup', order: 58, rows: ['signup.rate', 'signup.bytes'] }, async () => {
  const fake = await startFakeTwitch();
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  try {
    return await withRedis(async (redis) => {
      const client = new Redis(redis.port, '127.0.0.1');
      const credentials = await (await loadTwitch()).openCredentialStore(parseStoreUrl(redis.url));
      const [a, b] = await twoInstances(fake, redis.url, credentials);
      try {
        const before = await usedMemory(client);
        const startedAt = performance.now();
        const tokens = await signUpAll(fake, a, b);
        const seconds = (performance.now() - startedAt) / 1000;
        const bytes = ((await usedMemory(client)) - before) / ACCOUNTS;
        await checkWhole(a.server, credentials, tokens);
        const note = `${ACCOUNTS} accounts in ${formatNumber(seconds)} s, ${CONCURRENCY} at a time, each started on one instance and finished on the other; none duplicated or half-made`;
        return [
          makeRow({ name: 'signup.rate', title: 'sign-ups through the fake Twitch, two instances on one Redis', unit: 'sign-ups/s', samples: [ACCOUNTS / seconds], note }),
          makeRow({ name: 'signup.bytes', title: "Redis memory per new account (profile, index, Twitch login, session)", unit: 'bytes', samples: [bytes] }),
        ];
      } finally {
        await Promise.all([a.close(), b.close()]);
        await credentials.close();
        client.disconnect();
      }
    });
  } finally {
    await fake.stop();
  }
});

interface Instance {
  server: RunningApiServer;
  close(): Promise<void>;
}

async function twoInstances(fake: FakeTwitch, store: string, credentials: TwitchCredentialStore): Promise<[Instance, Instance]> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const twitchLogin = {
    start: () => Promise.reject(new Error('not in this figure')),
    isPending: () => false,
    forget: (userId: string) => credentials.delete(userId),
    keep: (userId: string, stored: Parameters<TwitchCredentialStore['set']>[1]) => credentials.set(userId, stored),
  };
  const signup = { clientId: fake.clientId, clientSecret: fake.clientSecret, publicUrl, maxSignupsPerHour: 1_000_000, maxSignInStartsPerAddress: 1_000_000 };
  const start = (at: number) => startApiServer({ port: at, store, log: () => {}, twitchRoutes: { twitchLogin }, signup });
  const [one, two] = [await start(port), await start(0)];
  return [one, two].map((server) => ({ server, close: () => server.close() })) as [Instance, Instance];
}

async function signUpAll(fake: FakeTwitch, a: Instance, b: Instance): Promise<Map<string, string>> {
  const ids = Array.from({ length: ACCOUNTS }, (_, i) => String(10_000_000 + i));
  for (const id of ids) fake.users.set(id, { ...HELIX_USER, id, login: `streamer_${id}`, display_name: `Streamer_${id}` });
  const queue = [...ids];
  fake.auth.authorizeAs(() => queue.shift()!);
  const tokens = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ACCOUNTS; i = next++) {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      const hops = await signInThroughTwitch(from.server.url, { finishAt: to.server.url });
      if (!hops.token) throw new Error(`sign-up ${i} failed: ${hops.finished.status} ${hops.page.slice(0, 200)}`);
      tokens.set(String(i), hops.token);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tokens;
}

async function checkWhole(server: RunningApiServer, credentials: TwitchCredentialStore, tokens: Map<string, string>): Promise<void> {
  const logins = await credentials.list();
  if (logins.length !== ACCOUNTS) throw new Error(`${logins.length} Twitch logins for ${ACCOUNTS} accounts`);
  const users = new Set<string>();
  for (const token of tokens.values()) {
    const profile = await (await fetch(`${server.url}/me`, { headers: { Authorization: `Bearer ${token}` } })).json();
    if (users.has(profile.user.userId)) throw new Error(`account ${profile.user.userId} signed up twice`);
    users.add(profile.user.userId);
    if ((await server.registry.userIdByTwitchId(profile.user.userId)) !== profile.user.userId) throw new Error(`account ${profile.user.userId} is not indexed`);
    if ((await server.sessions.list(profile.user.userId)).length !== 1) throw new Error(`account ${profile.user.userId} has not exactly one session`);
  }
}

async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1]);
}

export default signUps;
