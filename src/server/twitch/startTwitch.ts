import type { EventStore } from '../events/index.ts';
import type { ProfileStore } from '../registry/index.ts';
import { connectStreamer } from './connectStreamer.ts';
import { subscribeWebhooks, type WebhookSettings } from './subscribeWebhooks.ts';
import { createLocalLease, type TwitchLease } from './TwitchLease.ts';
import type { TwitchCredentialStore, TwitchCredentials } from './TwitchCredentials.ts';
import { twitchUrls, type TwitchUrls } from './twitchUrls.ts';

export interface StartTwitchOptions {
  clientId: string;
  credentials: TwitchCredentialStore;
  /** Where notifications are stored and from where they go out live: the API's EventStore. */
  events: EventStore;
  registry: ProfileStore;
  /** Who holds each streamer's session; with Redis, createRedisLease. @default one instance holds all */
  lease?: TwitchLease;
  /** Subscribe with the webhook transport instead of one WebSocket session per streamer. */
  webhook?: WebhookSettings;
  urls?: TwitchUrls;
  log?: (line: string) => void;
  now?: () => number;
  /** How often the lease is renewed and free streamers are taken over. @default 5000 */
  checkEveryMs?: number;
  viewerEveryMs?: number;
}

/** One streamer's Twitch state, as GET / and npm start's output show it. */
export interface TwitchUserState {
  userId: string;
  login: string;
  /** 'connected' here, 'elsewhere' (another instance holds it), or 'Twitch: log in again'. */
  state: 'connected' | 'elsewhere' | 'Twitch: log in again';
}

export interface RunningTwitch {
  states(): Promise<TwitchUserState[]>;
  /** Reads a streamer's profile from Helix again, when this instance holds them (the webhook route's stream changes). */
  refreshProfile(userId: string): void;
  /** One round of taking, renewing and letting go (runs every `checkEveryMs`; tests call it). */
  check(): Promise<void>;
  /** The same for one streamer whose login was just stored or forgotten: their session starts or stops now. */
  checkUser(userId: string): Promise<void>;
  stop(): Promise<void>;
}

/** Connects every streamer with stored credentials to Twitch, from this instance when it holds their lease. */
export async function startTwitch(options: StartTwitchOptions): Promise<RunningTwitch> {
  const { credentials, lease = createLocalLease(), log = console.warn, checkEveryMs = 5000 } = options;
  const urls = options.urls ?? twitchUrls();
  const held = new Map<string, { stop(): void; refreshProfile(): Promise<void> }>();
  const toldLoginNeeded = new Set<string>();
  const loginNeeded = (userId: string) => {
    if (toldLoginNeeded.has(userId)) return;
    toldLoginNeeded.add(userId);
    log(`Twitch: log in again (user ${userId}): run npm run twitch-login -- --user ${userId}`);
  };
  const toldOwned = new Set<string>();
  const elsewhereOwned = (userId: string, twitchUserId: string) => {
    if (toldOwned.has(userId)) return;
    toldOwned.add(userId);
    log(`Twitch: the login of user ${userId} is Twitch user ${twitchUserId}, who is connected to another account: no EventSub for it`);
  };
  const letGo = (userId: string) => {
    held.get(userId)?.stop();
    held.delete(userId);
  };
  const forgotten = async (userId: string) => {
    letGo(userId);
    await lease.release(userId);
  };
  const take = async (userId: string, stored: TwitchCredentials) => {
    if (stored.state === 'login-needed') {
      loginNeeded(userId);
      if (held.has(userId)) await lease.release(userId);
      letGo(userId);
      return;
    }
    toldLoginNeeded.delete(userId);
    if (!(await options.registry.profile(userId))) return;
    // A login whose Twitch user belongs to another account (stored by `npm run twitch-login`) gets no EventSub here.
    const owner = await options.registry.userIdByTwitchId(stored.twitchUserId);
    if (owner !== undefined && owner !== userId) {
      if (held.has(userId)) await lease.release(userId);
      letGo(userId);
      return elsewhereOwned(userId, stored.twitchUserId);
    }
    const mine = await lease.hold(userId);
    if (!mine) letGo(userId);
    else if (!held.has(userId)) {
      const { webhook } = options;
      held.set(userId, connectStreamer({ ...options, urls, userId, twitchUserId: stored.twitchUserId, webSocket: !webhook, onLoginNeeded: loginNeeded, log }));
      if (webhook) await subscribeWebhooks({ clientId: options.clientId, twitchUserId: stored.twitchUserId, webhook, log });
    }
  };
  const check = async () => {
    const logins = await credentials.list();
    // A login forgotten (`DELETE /me/twitch`): its session stops, here and on whichever instance held it.
    const known = new Set(logins.map(({ userId }) => userId));
    for (const userId of [...held.keys()].filter((each) => !known.has(each))) await forgotten(userId);
    for (const { userId, credentials: stored } of logins) await take(userId, stored);
  };
  // A store that is down fails every round: say so once, and again only after a round that worked.
  let lastProblem: string | undefined;
  const guarded = () =>
    check().then(
      () => {
        lastProblem = undefined;
      },
      (error: unknown) => {
        const problem = `Twitch: ${(error as Error).message}`;
        if (problem !== lastProblem) log(problem);
        lastProblem = problem;
      },
    );
  await guarded();
  const timer = setInterval(guarded, checkEveryMs);
  timer.unref();
  return {
    check,
    async checkUser(userId) {
      const stored = await credentials.get(userId);
      if (stored) await take(userId, stored);
      else if (held.has(userId)) await forgotten(userId);
    },
    refreshProfile: (userId) => void held.get(userId)?.refreshProfile(),
    async states() {
      return (await credentials.list()).map(({ userId, credentials: stored }) => ({
        userId,
        login: stored.login,
        state: stored.state === 'login-needed' ? 'Twitch: log in again' : held.has(userId) ? 'connected' : 'elsewhere',
      }));
    },
    async stop() {
      clearInterval(timer);
      for (const userId of [...held.keys()]) {
        letGo(userId);
        await lease.release(userId).catch(() => {});
      }
    },
  };
}
