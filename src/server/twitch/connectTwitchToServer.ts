import type { EventStore } from '../events/index.ts';
import type { Registry } from '../registry/index.ts';
import type { DataStore, StoreSpec } from '../store/index.ts';
import type { TwitchLink, TwitchSettings } from './createTwitchLink.ts';

/** The parts of a running API server Twitch needs; `events` is its EventStore. */
export interface ServerForTwitch {
  store: DataStore;
  registry: Registry;
  events: EventStore;
}

/**
 * Starts the link's Twitch connections for a running server (npm run api,
 * npm start) and answers the lines to print: one per streamer, or how to log in.
 */
export async function connectTwitchToServer(link: TwitchLink, options: { settings: TwitchSettings; storeSpec: StoreSpec; server: ServerForTwitch; log?: (line: string) => void; sleep?: (ms: number) => Promise<void> }): Promise<string[]> {
  const { server, log = console.warn } = options;
  const twitch = await link.start({ settings: options.settings, storeSpec: options.storeSpec, store: server.store, registry: server.registry, events: server.events, log, sleep: options.sleep });
  const states = await twitch.states();
  const transport = options.settings.webhook ? `webhooks at ${options.settings.webhook.callback}` : 'EventSub WebSocket';
  if (states.length === 0) return [`Twitch (${transport}): no streamer logged in yet; run npm run twitch-login`];
  return states.map(({ userId, login, state }) => `Twitch (${transport}): user ${userId} as ${login}: ${state}`);
}
