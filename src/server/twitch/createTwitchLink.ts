import type { Redis } from 'ioredis';
import type { EventStore } from '../events/index.ts';
import type { ProfileStore } from '../registry/index.ts';
import { type DataStore, isRedisStore, type StoreSpec } from '../store/index.ts';
import { createDeviceLogins, type DeviceLogins } from './createDeviceLogins.ts';
import { createWebhookHandler } from './createWebhookHandler.ts';
import { openCredentialStore } from './openCredentialStore.ts';
import { createRedisLease } from './redisLease.ts';
import { type RunningTwitch, startTwitch } from './startTwitch.ts';
import type { WebhookSettings } from './subscribeWebhooks.ts';
import type { TwitchCredentialStore, TwitchCredentials } from './TwitchCredentials.ts';
import { createLocalLease } from './TwitchLease.ts';
import type { TwitchLoginControl } from './TwitchLoginControl.ts';
import type { TwitchStateLine } from './TwitchStateLine.ts';

/** A dead instance's streamers are free after this; the others look every 5 s, so a takeover comes within 25 s. */
const LEASE_TTL_MS = 20_000;

/** The API's Twitch flags: `--twitch-client-id` (or TWITCH_CLIENT_ID) and, for webhooks, the three webhook flags. */
export interface TwitchSettings {
  clientId: string;
  webhook?: WebhookSettings;
}

export interface TwitchStart {
  settings: TwitchSettings;
  /** The store's `--store`, to find the credentials beside it. */
  storeSpec: StoreSpec;
  /** The running server's store and registry. */
  store: DataStore;
  registry: ProfileStore;
  /** The server's EventStore: where Twitch's notifications are stored and delivered from. */
  events: EventStore;
  /** Credentials to use instead of the ones beside the store (tests with the memory store). */
  credentials?: TwitchCredentialStore;
  log?: (line: string) => void;
  /** Waits between two polls of `POST /me/twitch/login`'s device flow (tests). @default setTimeout */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Twitch for the API server, bound late: the routes (`GET /`'s `twitch`,
 * `POST /twitch/eventsub`) exist when the server starts, the connections once
 * `start` has the server's registry and event store.
 */
export function createTwitchLink() {
  let running: { twitch: RunningTwitch; webhook?: (request: Request) => Promise<Response>; close(): Promise<void> } | undefined;
  let logins: { device: DeviceLogins; credentials: TwitchCredentialStore } | undefined;
  const notStarted = () => new Error('Twitch is not connected yet; try again in a few seconds');
  const login: TwitchLoginControl = {
    start: (userId) => (logins ? logins.device.start(userId) : Promise.reject(notStarted())),
    isPending: (userId) => logins?.device.isPending(userId) ?? false,
    refusal: (userId) => logins?.device.refusal(userId),
    async forget(userId) {
      if (!logins || !running) throw notStarted();
      logins.device.cancel(userId);
      await logins.credentials.delete(userId);
      await running.twitch.checkUser(userId);
    },
    async keep(userId, credentials) {
      if (!logins || !running) throw notStarted();
      await logins.credentials.set(userId, credentials);
      await running.twitch.checkUser(userId);
    },
  };
  return {
    login,
    states: (): Promise<TwitchStateLine[]> => (running ? running.twitch.states() : Promise.resolve([])),
    webhook: (request: Request): Promise<Response> =>
      running?.webhook ? running.webhook(request) : Promise.resolve(Response.json({ code: 'UNAVAILABLE', message: 'Twitch is not connected yet' }, { status: 503 })),
    async start(options: TwitchStart): Promise<RunningTwitch> {
      const { settings, storeSpec, store, registry, events, log = console.warn } = options;
      const redis: Redis | undefined = isRedisStore(store) ? store.redis : undefined;
      // Without the shared connection every instance would take every streamer: refuse rather than double the sessions.
      if (storeSpec.type === 'redis' && !redis) throw new Error('Twitch with the redis store needs the store\'s Redis connection for its leases');
      const credentials = options.credentials ?? (await openCredentialStore(storeSpec, { redis }));
      const lease = redis ? createRedisLease(redis, { ttlMs: LEASE_TTL_MS }) : createLocalLease();
      // The handler answers before the sessions start: Twitch posts each challenge while the subscriptions are being created.
      let twitch: RunningTwitch | undefined;
      const onStreamChange = (userId: string) => twitch?.refreshProfile(userId);
      const webhook = settings.webhook && createWebhookHandler({ secret: settings.webhook.secret, events, credentials, log, onStreamChange });
      running = { twitch: { states: async () => [], refreshProfile: () => {}, check: async () => {}, checkUser: async () => {}, stop: async () => {} }, webhook, close: () => credentials.close() };
      twitch = await startTwitch({ clientId: settings.clientId, credentials, events, registry, lease, webhook: settings.webhook, log });
      const started = twitch;
      const bind = async (userId: string, login: TwitchCredentials) => bindRefusal(await registry.bindTwitch(userId, { id: login.twitchUserId, login: login.login }), login.login);
      const device = createDeviceLogins({ clientId: settings.clientId, credentials, sleep: options.sleep, log, bind, onStored: (userId) => started.checkUser(userId) });
      logins = { device, credentials };
      running = {
        twitch: started,
        webhook,
        close: () => {
          device.stop();
          return started.stop().finally(() => credentials.close());
        },
      };
      return twitch;
    },
    async stop(): Promise<void> {
      await running?.close();
      running = logins = undefined;
    },
  };
}

export type TwitchLink = ReturnType<typeof createTwitchLink>;

/** Why `Connect Twitch` stored nothing, for the home page (`GET /me/twitch`'s `refusal`); undefined once bound. */
function bindRefusal(result: 'bound' | 'taken' | 'own' | undefined, login: string): string | undefined {
  if (result === 'bound') return undefined;
  if (result === 'taken') {
    return `The Twitch account ${login} is already connected to another account on this site, so it was not connected here and nothing was stored. Sign in with Twitch as ${login} to reach that account.`;
  }
  if (result === 'own') return `This account was made by signing in with another Twitch account and stays connected to it: ${login} was not connected, and nothing was stored.`;
  return 'This account no longer exists: nothing was stored.';
}
