import type { ApiServices, ComposeApiOptions, ComposedApi, TwitchRoutes } from './ComposedApi.ts';
import { createAlertControl, openAlertStore } from './alerts/index.ts';
import { openEvents } from './events/index.ts';
import { type RateCounter, rateCounterFor } from './limits/index.ts';
import { createLiveEndpoint, createProfileNotices, type LiveChanges, openLiveChanges, resolveLiveOptions, withProfileNews } from './live/index.ts';
import { openMediaStore, resolveMediaLimits } from './media/index.ts';
import { loadModuleCatalog } from './modules/index.ts';
import { DEMO_SEED, openRegistry, parseSeed, type Registry, type Seed } from './registry/index.ts';
import { createWebsiteSessions, openSessionStore, withSessions } from './sessions/index.ts';
import { createTwitchSignIn } from './signin/index.ts';
import { type DataStore, openStore, parseStoreUrl, type StoreSpec } from './store/index.ts';
import type { TwitchLink } from './twitch/index.ts';

type Closer = () => Promise<unknown> | unknown;

/**
 * The one place the API is put together (`npm run api`, `npm start` and `npm run dev` all call it): the store,
 * registry, sessions, events, live feed and endpoint, notices, alerts, media, Twitch link and sign-in, with one
 * `close()`. A failure while building closes what was already built. The caller serves `services`
 * (`createApiApp({ ...services })`) and hands its server to `servedBy`.
 */
export async function composeApi(options: ComposeApiOptions = {}): Promise<ComposedApi> {
  // Everything that can refuse the options runs before a store is opened.
  const seed = options.registry ? undefined : parseSeed(options.seed ?? DEMO_SEED);
  const liveOptions = options.live === false ? undefined : (options.live ?? {});
  if (liveOptions) resolveLiveOptions(liveOptions);
  const trustProxy = options.trustProxy ?? 0;
  if (!(Number.isSafeInteger(trustProxy) && trustProxy >= 0)) throw new RangeError('trustProxy must be an integer from 0: the number of proxies in front of the server');
  const mediaLimits = resolveMediaLimits(options.media?.limits);
  const modules = typeof options.modules === 'string' ? await loadModuleCatalog(options.modules) : options.modules;
  const storeSpec = options.twitch ? specOf(options.store) : undefined;
  // Loaded only with a client id: twurple takes seconds to load.
  const twitch = options.twitch && (await import('./twitch/index.ts')).createTwitchLink();
  const twitchRoutes: TwitchRoutes = twitch ? { twitchStates: twitch.states, twitchWebhook: options.twitch?.webhook && twitch.webhook, twitchLogin: twitch.login } : { ...options.twitchRoutes };
  if (options.signup && !twitchRoutes.twitchLogin) throw new Error('signup: sign-up with Twitch needs the Twitch link (a Twitch client id)');
  const closers: Closer[] = [];
  try {
    const built = await build(options, { seed, liveOptions, trustProxy, mediaLimits, twitch, twitchRoutes }, closers);
    const { store, registry, events } = built;
    const connectTwitch = async () => {
      if (!twitch || !options.twitch || !storeSpec) return [];
      const { connectTwitchToServer } = await import('./twitch/index.ts');
      return connectTwitchToServer(twitch, { settings: options.twitch, storeSpec, server: { store, registry, events }, log: options.log, sleep: options.twitch.sleep });
    };
    return { ...built, twitch, services: { ...built.services, modules }, connectTwitch, servedBy: built.servedBy, close: once(() => closeInOrder(closers)) };
  } catch (error) {
    await closeInOrder(closers).catch(() => {});
    throw error;
  }
}

interface Checked {
  seed: Seed | undefined;
  liveOptions: Exclude<ComposeApiOptions['live'], false>;
  trustProxy: number;
  mediaLimits: ReturnType<typeof resolveMediaLimits>;
  twitch: TwitchLink | undefined;
  twitchRoutes: TwitchRoutes;
}

/** Builds in the reverse of the shutdown order, each part pushing its closer: `closers` run last-built first. */
async function build(options: ComposeApiOptions, checked: Checked, closers: Closer[]) {
  const { opened, store, changes, media, alerts, sessions, registry: stored, events } = await openStores(options, checked, closers);
  const notices = changes && createProfileNotices(changes.feed);
  // Every profile write sends its own news, whoever makes it: the routes, the developer routes, the Twitch refresh.
  const registry = notices ? withProfileNews(stored, notices) : stored;
  const servers: { close(): Promise<void> }[] = [];
  closers.push(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  const { now, onInternalError } = options;
  const alertControl = createAlertControl({ store: alerts, notices, now });
  const live =
    changes &&
    createLiveEndpoint({ feed: changes.feed, events, registry, alerts: alertControl.current, live: checked.liveOptions, now, onInternalError, trustProxy: checked.trustProxy });
  closers.push(() => live?.close());
  // Twitch first: its leases are released while the store can still be reached.
  closers.push(() => checked.twitch?.stop());
  const counter = rateCounterFor(opened, now);
  const signIn = signInOf(options, registry, sessions, counter, checked.twitchRoutes);
  // Everything the app serves, in one object: `createApiApp({ ...services, ... })` builds none of it itself.
  const served = { store, registry, events, live: live !== undefined, trustProxy: checked.trustProxy, now };
  const services: ApiServices = { ...served, sessions, notices, alerts, alertControl, counter, media, signIn, ...checked.twitchRoutes };
  return { store, registry, sessions, events, live, services, servedBy: (server: { close(): Promise<void> }) => void servers.push(server) };
}

/** The store and everything kept in it: media, alert state, sessions, registry, live feed, events. */
async function openStores(options: ComposeApiOptions, checked: Checked, closers: Closer[]) {
  const { now } = options;
  const opened = isStore(options.store) ? options.store : await openStore(options.store ?? 'memory', { log: options.log });
  let changes: LiveChanges | undefined;
  // Closing the live feed's store closes the feed, then the opened store.
  closers.push(() => (changes?.store ?? opened).close());
  const media = { store: openMediaStore(opened, options.media?.bucket), limits: checked.mediaLimits, publicUrl: options.publicUrl };
  closers.push(() => media.store.close());
  const alerts = openAlertStore(opened);
  closers.push(() => alerts.close());
  const sessions = createWebsiteSessions({ store: openSessionStore(opened, now), now, sessionDays: options.sessionDays });
  closers.push(() => sessions.close());
  const { tokenTtlMs, maxTokensPerOverlay, reseed } = options;
  const ownRegistry = options.registry ? undefined : await openRegistry(opened, checked.seed!, { now, tokenTtlMs, maxTokensPerOverlay, reseed });
  closers.push(() => ownRegistry?.close?.());
  // Every path that resolves a token (the app, the database lane, the live endpoint) sees signed-in website tokens.
  const registry = withSessions(options.registry ?? ownRegistry!, sessions);
  if (checked.liveOptions) changes = await openLiveChanges(opened, checked.liveOptions);
  const events = await openEvents(opened, options.events);
  closers.push(() => events.close());
  return { opened, store: changes?.store ?? opened, changes, media, alerts, sessions, registry, events };
}

/** `--signup twitch`'s sign-in, its sign-up budget counted by the app's counter (in Redis with the redis store: every instance shares it). */
function signInOf(options: ComposeApiOptions, registry: Registry, sessions: ApiServices['sessions'], counter: RateCounter, routes: TwitchRoutes) {
  const { signup, now } = options;
  if (!signup || !routes.twitchLogin) return undefined;
  return createTwitchSignIn({ settings: signup, registry, sessions, counter, keepTwitchLogin: routes.twitchLogin.keep, now });
}

/** Runs every closer, last-built first, even after one failed; rejects with the first failure. */
async function closeInOrder(closers: Closer[]): Promise<void> {
  let failure: unknown;
  for (const close of closers.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= run());
}

/** The store's spec, for the Twitch credentials kept beside it. */
function specOf(store: ComposeApiOptions['store']): StoreSpec {
  if (store === undefined || typeof store === 'string') return parseStoreUrl(store ?? 'memory');
  if (isStore(store)) throw new Error('twitch: the Twitch link needs the store as a URL or spec, to find its credentials beside it');
  return store;
}

function isStore(store: ComposeApiOptions['store']): store is DataStore {
  return typeof store === 'object' && store !== null && 'get' in store && typeof store.get === 'function';
}

