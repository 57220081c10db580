import { type AlertsSwitches, type Boxes, type Clock, type EventPage, isKind, type Kind, type ModuleContext, type ModuleEntry, type PublicProfile, type Refusal, type Settings, type StreamEvent, type Welcome } from '../api/index.ts';
import type { ModuleData } from '../client/index.ts';
import { BridgeHub, type HostEventName } from './BridgeHub.ts';
import { monotonicClock } from './monotonicClock.ts';
import { createFrameLayer } from './createFrameLayer.ts';
import { type HostLimits, resolveHostLimits } from './HostLimits.ts';
import type { FrameFactory } from './ModuleFrame.ts';
import type { ModuleState } from './ModuleState.ts';
import { randomInstanceId } from './randomInstanceId.ts';
import type { TrafficRecord } from './TrafficRecord.ts';

export interface ModuleHostOptions {
  /** Element the modules are shown in; the host adds one layer filling it. */
  container: HTMLElement;
  /** The data layer; the host passes it the caller's module id, taken from its port. */
  data: ModuleData;
  /** The overlay kind, as `Overlay.ready` reports it. */
  kind: Kind;
  /** The profile without credentials (the host strips them again anyway). */
  getProfile: () => Promise<PublicProfile>;
  /** Limits and timings. @default HOST_LIMITS */
  limits?: Partial<HostLimits>;
  /** @default monotonicClock */
  clock?: Clock;
  /** Jitter of restart delays. @default Math.random */
  random?: () => number;
  /** Instance ids of frames. @default 128 bits from crypto.getRandomValues */
  randomId?: () => string;
  /** Module frames may share a renderer process (one site for all). @default true */
  framesShareProcess?: boolean;
  /** Where the modules run, as `Overlay.ready` tells them: `panel` in the dock. @default 'overlay' */
  context?: ModuleContext;
  /**
   * Creates each module's frame, wherever the page wants it (the dock puts each
   * panel in its module's section). @default a frame in one layer filling
   * `container`, scaled to the module's design size
   */
  createFrame?: FrameFactory;
  /** Called for every answered request (for a developer studio). */
  onTraffic?: (record: TrafficRecord) => void;
  /** Told of each request a module's page refused because its `connect` does not declare the origin (from the SDK). */
  onRefused?: (moduleId: string, refusal: Refusal) => void;
  /** Answers `Overlay.events.list()` (`GET /me/events` with the page's token). @default UNAVAILABLE */
  listEvents?: (query: { after?: string; limit?: number }) => Promise<EventPage>;
  /**
   * Every module's settings by id, for catalog entries that carry no `settings` (the overlay
   * page's catalog leaves them out and loads them when a module first asks). @default none: such entries have none
   */
  loadSettings?: () => Promise<Readonly<Record<string, Settings>>>;
  /** The API client whose media library the modules' media settings name (`GET /me/media`). @default none: they read as stored */
  mediaApi?: { readonly baseUrl: string; currentToken(): string | undefined };
}

export interface ModuleHost {
  /** Starts a module (or updates a mounted one: new size rescales, new URL reloads). */
  mount(entry: ModuleEntry): void;
  unmount(id: string): void;
  /** Mounts what is new, unmounts what is gone, leaves the modules that stay untouched; stacks them in this order, the last on top. */
  sync(entries: readonly ModuleEntry[]): void;
  /**
   * Moves every frame to its stored box (else its default one) without reloading it, and tells
   * each module its box (`layout`). Does nothing where the page makes its own frames (`createFrame`): they have no box.
   */
  arrange(boxes: Boxes): void;
  /** Reloads that module's frame only (hot reload). */
  reload(id: string): void;
  /** Sends `profile` (a PublicProfile), `visible` or `hidden` to every connected module. */
  emit(name: HostEventName, payload?: unknown): void;
  /** Stream events, oldest first, to every module: each gets them once ready, in order, in batches. */
  emitEvents(events: readonly StreamEvent[]): void;
  /** Shows one alert of the queue in every alert module; resolves when each is done with it (never rejects). */
  presentAlert(alert: { event: StreamEvent; muted: boolean }, signal: AbortSignal): Promise<void>;
  /** The streamer's pause and mute, to every alert module (`Overlay.on('alerts')`). */
  setAlertSwitches(switches: AlertsSwitches): void;
  /** The state of every mounted module. */
  states(): ModuleState[];
  /** Calls `listener` with a module's state whenever it changes; returns unsubscribe. */
  onState(listener: (state: ModuleState) => void): () => void;
  /** Removes every frame and listener. */
  destroy(): void;
}

/** Shows modules in sandboxed frames and bridges their SDK calls to `data`. */
export function createModuleHost(options: ModuleHostOptions): ModuleHost {
  checkOptions(options);
  const view = options.container.ownerDocument.defaultView;
  if (!view) throw new TypeError('createModuleHost: container must be in a document with a window');
  const limits = resolveHostLimits(options.limits);
  const layer = options.createFrame ? { createFrame: options.createFrame, arrange: () => {}, destroy: () => {} } : createFrameLayer(options.container);
  const hub = new BridgeHub({
    ...options,
    limits,
    clock: options.clock ?? monotonicClock,
    random: options.random ?? Math.random,
    randomId: options.randomId ?? randomInstanceId,
    createChannel: () => new MessageChannel(),
    createFrame: layer.createFrame,
    media: options.mediaApi && { api: options.mediaApi, baseUrl: options.container.ownerDocument.baseURI },
  });
  const onMessage = (event: MessageEvent) => {
    // Sandboxed frames have an opaque origin, serialised as "null"; nothing else may say hello.
    if (event.origin !== 'null' || !event.source) return;
    const source = event.source as Window;
    const reply = (welcome: Welcome, port: MessagePort) => {
      // An opaque origin cannot be named: '*' is the only target, so the welcome holds nothing secret.
      try {
        source.postMessage(welcome, { targetOrigin: '*', transfer: [port] });
      } catch {
        port.close(); // the frame went away meanwhile; it will say hello again or time out
      }
    };
    hub.handleWindowMessage(source, event.data, reply, parentOf);
  };
  view.addEventListener('message', onMessage);
  return {
    mount: (entry) => hub.mount(entry),
    unmount: (id) => hub.unmount(id),
    sync: (entries) => {
      layer.arrange({ order: entries.map((entry) => entry.id) });
      hub.sync(entries);
    },
    arrange: (boxes) => {
      layer.arrange({ boxes });
      hub.sendBoxes();
    },
    reload: (id) => hub.reload(id),
    emit: (name, payload) => hub.emit(name, payload),
    emitEvents: (events) => hub.emitEvents(events),
    presentAlert: (alert, signal) => hub.presentAlert(alert, signal),
    setAlertSwitches: (switches) => hub.setAlertSwitches(switches),
    states: () => hub.states(),
    onState: (listener) => hub.onState(listener),
    destroy: () => {
      view.removeEventListener('message', onMessage);
      hub.destroy();
      layer.destroy();
    },
  };
}

/** `parent` is one of the few properties readable across origins. */
function parentOf(window: unknown): unknown {
  try {
    return (window as Window).parent;
  } catch {
    return null;
  }
}

function checkOptions(options: ModuleHostOptions): void {
  const { container, data, kind, getProfile } = options;
  if (!container || typeof container.append !== 'function') {
    throw new TypeError('createModuleHost: container must be an element');
  }
  if (!data || typeof data.get !== 'function' || typeof data.set !== 'function') {
    throw new TypeError('createModuleHost: data must implement ModuleData');
  }
  if (!isKind(kind)) throw new TypeError('createModuleHost: kind must be game, tool, background or event');
  if (typeof getProfile !== 'function') throw new TypeError('createModuleHost: getProfile must be a function');
}
