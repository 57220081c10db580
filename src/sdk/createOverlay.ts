import { LIMITS } from '../api/limits.ts';
import { OverlayError } from '../api/OverlayError.ts';
import { resolveKey } from '../api/resolveKey.ts';
import { BridgeClient } from './BridgeClient.ts';
import { encodeJson } from './encodeJson.ts';
import { createOwnWrites } from './createOwnWrites.ts';
import { createRefusalReporter, type RefusalReport } from './createRefusalReporter.ts';
import type { AlertListener, AlertsSwitches, ChangeEvent, EventPage, Json, StreamEvent, OverlayApi, PublicProfile, ReadyInfo } from './overlay.d.ts';
import { createStreamEventListeners } from './streamEventListeners.ts';
import { createAlertListeners } from './alertListeners.ts';
import { type HelloWindows, sayHello } from './sayHello.ts';
import type { Clock } from '../api/Clock.ts';

// Imports from src/api name single files, not its door: the door pulls in zod,
// and the SDK must stay a few KB.

export interface OverlayOptions extends HelloWindows {
  /** The frame's instance id from `#instance=`; null when not hosted (no hello is sent). */
  instance: string | null;
  timers: Clock;
  /** For the session id. @default Math.random */
  random?: () => number;
  /** @default 15000 */
  timeoutMs?: number;
  /** @default 64 */
  maxInFlight?: number;
  /** @default LIMITS.valueBytes (64 KiB) */
  valueBytes?: number;
  /** Calls `report` with each request the page's policy refused (the page's `securitypolicyviolation` events). */
  watchRefusals?: (report: (refusal: RefusalReport) => void) => void;
  /**
   * Resolves once the module page's own scripts have run (DOMContentLoaded in a browser). `ready` waits
   * for it: the host hands alerts and events over from `ready` on, and one handed over before a
   * listener was added would pass as "not mine". @default none (ready once connected)
   */
  scriptsRan?: Promise<unknown>;
}

const EVENTS = ['profile', 'change', 'status', 'visible', 'hidden', 'layout', 'alerts'];

/** Builds the `Overlay` API of one module page. */
export function createOverlay(options: OverlayOptions): OverlayApi {
  const { instance, random = Math.random, valueBytes = LIMITS.valueBytes } = options;
  const ownWrites = createOwnWrites((change) => client.tell('change', change));
  const client = new BridgeClient({
    ...options,
    screen: (name, data, c) => name !== 'change' || ownWrites.screen(data as ChangeEvent, c),
  });
  const connected = instance
    ? sayHello({ ...options, instance, session: randomSession(random) }).then((port) => client.attach(port))
    : new Promise<void>(() => {});
  const streamEvents = createStreamEventListeners();
  client.on('event', (batch) => streamEvents.deliver(batch, (error) => rethrowLater(options.timers, error)));
  const report = (error: unknown) => rethrowLater(options.timers, error);
  const alerts = createAlertListeners((m, p) => void client.call(m, p).catch(() => undefined), report);
  client.on('alert', (data) => alerts.start(data));
  client.on('alertAbort', (data) => alerts.abort(data));
  // The switches the host told last: a listener added later hears them at once.
  let switches: AlertsSwitches | undefined;
  client.on('alerts', (data) => {
    switches = data as AlertsSwitches;
  });
  // The host shows them to the author (the studio's problems); they wait in the queue until connected.
  if (instance) options.watchRefusals?.(createRefusalReporter((refusal) => void client.call('refused', refusal).catch(() => {})));
  // The welcome comes while the page's scripts still load (a module's own files, on a loaded machine
  // slower than the handshake): ready waits for them, so their `on('alert')` is there for the first alert.
  const ready = Promise.all([connected, options.scriptsRan]).then(() => client.call('ready', {}) as Promise<ReadyInfo>);
  ready.catch(() => {}); // a page that never awaits ready must not log an unhandled rejection
  let ownId: string | undefined;
  void ready.then((info) => {
    ownId = info.id;
  }, () => undefined);
  return {
    ready,
    db: {
      get: (key) =>
        refuseEarly(() => {
          checkKey(key);
          return client.call('db.get', { key }) as Promise<Json | undefined>;
        }),
      set: (key, value) =>
        refuseEarly(() => {
          checkKey(key);
          const json = encodeJson(value, valueBytes);
          const { id, result } = client.numberedCall('db.set', { key, json });
          const name = ownName(key, ownId);
          if (name !== undefined) ownWrites.track(name, id, result);
          return result.then(() => undefined);
        }),
    },
    profile: () => client.call('profile', {}) as Promise<PublicProfile>,
    settings: () => client.call('settings', {}) as Promise<Record<string, Json>>,
    events: {
      list: (query = {}) => {
        const { after, limit } = query;
        const p = { ...(after !== undefined && { after }), ...(limit !== undefined && { limit }) };
        return client.call('events.list', p) as Promise<EventPage>;
      },
    },
    on: ((event: string, listener: (data: never) => void) => {
      // Both overloads land here; the listener's payload type is the overload's business.
      if (event === 'alert') return alerts.on(listener as unknown as AlertListener);
      if (streamEvents.handles(event)) return streamEvents.on(event, listener as (data: StreamEvent) => void);
      if (event === 'alerts' && switches) {
        const known = switches;
        queueMicrotask(() => {
          try {
            listener(known as never);
          } catch (error) {
            report(error);
          }
        });
      }
      if (!EVENTS.includes(event)) throw new OverlayError('BAD_REQUEST', `unknown event "${String(event)}"`);
      return client.on(event, listener as (data: unknown) => void);
    }) as OverlayApi['on'],
  };
}

/** One listener's bug must not silence the others; it is reported on its own. */
function rethrowLater(timers: Clock, error: unknown): void {
  timers.setTimeout(() => {
    throw error;
  }, 0);
}

/** The name `key` gives in the module's own space (`name`, or `<own id>:name`); undefined for another module's key. */
function ownName(key: string, ownId: string | undefined): string | undefined {
  const colon = key.indexOf(':');
  if (colon === -1) return key;
  return key.slice(0, colon) === ownId ? key.slice(colon + 1) : undefined;
}

/** Applies the key rules of the API without a round trip (BAD_REQUEST). */
function checkKey(key: string): void {
  resolveKey('self', key);
}

/** Turns an up-front refusal into a rejected promise: SDK calls never throw. */
function refuseEarly<T>(run: () => Promise<T>): Promise<T> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}

function randomSession(random: () => number): string {
  return `${random().toString(36).slice(2)}${random().toString(36).slice(2)}` || 's';
}
