import type { Redis } from 'ioredis';
import type { TwitchStateLine } from '../http/index.ts';
import type { EventStore } from '../events/index.ts';
import type { Registry } from '../registry/index.ts';
import { type DataStore, isRedisStore, type StoreSpec } from '../store/index.ts';
import { createWebhookHandler } from './createWebhookHandler.ts';
import { openCredentialStore } from './openCredentialStore.ts';
import { createRedisLease } from './redisLease.ts';
import { type RunningTwitch, startTwitch } from './startTwitch.ts';
import type { WebhookSettings } from './subscribeWebhooks.ts';
import type { TwitchCredentialStore } from './TwitchCredentials.ts';
import { createLocalLease } from './TwitchLease.ts';

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
  registry: Registry;
  /** The server's EventStore: where Twitch's notifications are stored and delivered from. */
  events: EventStore;
  /** Credentials to use instead of the ones beside the store (tests with the memory store). */
  credentials?: TwitchCredentialStore;
  log?: (line: string) => void;
}

/**
 * Twitch for the API server, bound late: the routes (`GET /`'s `twitch`,
 * `POST /twitch/eventsub`) exist when the server starts, the connections once
 * `start` has the server's registry and event store.
 */
export function createTwitchLink() {
  let running: { twitch: RunningTwitch; webhook?: (request: Request) => Promise<Response>; close(): Promise<void> } | undefined;
  return {
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
      running = { twitch: { states: async () => [], refreshProfile: () => {}, check: async () => {}, stop: async () => {} }, webhook, close: () => credentials.close() };
      twitch = await startTwitch({ clientId: settings.clientId, credentials, events, registry, lease, webhook: settings.webhook, log });
      const started = twitch;
      running = { twitch: started, webhook, close: () => started.stop().finally(() => credentials.close()) };
      return twitch;
    },
    async stop(): Promise<void> {
      await running?.close();
      running = undefined;
    },
  };
}

export type TwitchLink = ReturnType<typeof createTwitchLink>;
