import { effect, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { MODULE_ORIGIN_META, type ModuleEntry, type Settings } from '../api/index.ts';
import {
  createApiClient,
  createEventFeed,
  createLiveAlertsHub,
  createModuleData,
  eventCursorMemory,
  createProfileCache,
  createWriteQueue,
  type LocalStore,
  openLocalStore,
  SEND_SIDE_PREFETCH_MS,
  type SyncStatus,
} from '../client/index.ts';
import { createModuleHost, type ModuleHost, type ModuleState, type TrafficRecord } from '../host/index.ts';
import type { DataLayer, OverlayServices } from './OverlayServices.ts';
import type { OverlayAuth } from './parseOverlayParams.ts';

export interface OverlayServicesOptions {
  /** The element the module frames fill. */
  stage: HTMLElement;
  catalog: ReadonlySignal<readonly ModuleEntry[]>;
  /** The settings of catalog entries that carry none (the page's catalog leaves them out). @default none: such entries have none */
  loadSettings?: () => Promise<Readonly<Record<string, Settings>>>;
  /** Receives the write queue's status, for the debug panel. */
  sync: Signal<SyncStatus | null>;
  /** Called with the host once it exists (hot reload, visibility). */
  onHost?: (host: ModuleHost) => void;
  /** Every API request goes through it (the studio's network switch wraps it). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Every answered bridge request (the studio's traffic log). */
  onTraffic?: (record: TrafficRecord) => void;
  /** Whose event position this page keeps: the overlay's own, or another reader's (the dock's panels). @default 'overlay' */
  eventReader?: string;
}

/** The real services of the overlay page: API client, IndexedDB queue and cache, module host. */
export function createOverlayServices(options: OverlayServicesOptions): OverlayServices {
  // Events accepted since the page opened are new to it, even those that come before it could read the history.
  const openedAt = Date.now();
  let local: LocalStore | undefined;
  const localStore = () => {
    local ??= openLocalStore();
    return local;
  };
  return {
    createClient: (apiBase) => createApiClient({ baseUrl: apiBase, fetch: options.fetch }),
    profileCache: (apiBase, auth) => createProfileCache({ store: localStore(), baseUrl: apiBase, identity: identityOf(auth) }),
    openDataLayer: async ({ client, userId, kind, news }) => {
      const events = createEventFeed({ list: (query) => client.listEvents(query), memory: eventCursorMemory(localStore(), userId, kind, options.eventReader), startedAt: openedAt });
      // Read first: the live connection then resumes after the last event the modules got.
      await events.load();
      const alerts = createLiveAlertsHub();
      const queue = createWriteQueue({ client, userId, kind, store: localStore(), events: events.hook, prefetchSendSideMs: SEND_SIDE_PREFETCH_MS, news, alerts: alerts.receive });
      events.start();
      await queue.start();
      const stopMirror = effect(() => {
        options.sync.value = queue.status.status.value;
      });
      // Without a live endpoint (the hosted API), events come from reading the history.
      const stopPolling = effect(() => events.poll(queue.status.status.value.live === 'polling'));
      const layer: DataLayer = {
        data: createModuleData({ queue }),
        queue,
        status: queue.status.status,
        setToken: (token) => client.setToken(token),
        events,
        alerts,
        stop: () => {
          stopMirror();
          stopPolling();
          events.stop();
          queue.stop();
        },
      };
      return layer;
    },
    createHost: (hostOptions) => {
      const host = createModuleHost({ container: options.stage, onTraffic: options.onTraffic, loadSettings: options.loadSettings, ...hostOptions });
      host.onState((state) => markFrame(options.stage, state));
      options.onHost?.(host);
      return host;
    },
    pageUrl: new URL(location.href),
    moduleOrigin: readModuleOrigin(),
    catalog: options.catalog,
    // OBS dispatches `obsSourceActiveChanged` with `{active}` when the source enters or leaves its program
    // output (docs/obs-engines.md); elsewhere nothing does, and the page counts as active.
    watchActive: (onChange) => {
      const onActive = (event: Event) => {
        const active = (event as CustomEvent<{ active?: unknown }>).detail?.active;
        if (typeof active === 'boolean') onChange(active);
      };
      addEventListener('obsSourceActiveChanged', onActive);
      return () => removeEventListener('obsSourceActiveChanged', onActive);
    },
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
}

/** The module origin template the build or the server put into the page, if any. */
function readModuleOrigin(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${MODULE_ORIGIN_META}"]`)?.content || undefined;
}

/** What the profile cache is keyed by (it stores only a hash of it). */
function identityOf(auth: OverlayAuth): string {
  return 'overlay' in auth ? `overlay:${auth.overlay}` : `token:${auth.token}`;
}

/** Mirrors a module's phase and restarts on its frame, for tests and for people reading the DOM. */
function markFrame(stage: HTMLElement, state: ModuleState): void {
  for (const frame of stage.querySelectorAll<HTMLIFrameElement>('iframe[data-module-id]')) {
    if (frame.dataset.moduleId !== state.id) continue;
    frame.dataset.state = state.phase;
    frame.dataset.restarts = String(state.restarts);
  }
}
