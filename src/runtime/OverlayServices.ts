import type { ReadonlySignal } from '@preact/signals-core';
import type { Kind, ModuleEntry } from '../api/index.ts';
import type { ApiClient, EventFeed, LiveAlertsHub, LiveNews, ModuleData, ProfileCache, SyncStatus, WriteQueue } from '../client/index.ts';
import type { ModuleHost, ModuleHostOptions } from '../host/index.ts';
import type { OverlayAuth } from './parseOverlayParams.ts';

/** The data layer of one (user, kind): the write queue behind the ModuleData seam. */
export interface DataLayer {
  data: ModuleData;
  queue: WriteQueue;
  status: ReadonlySignal<SyncStatus>;
  /** Replays the queue with a new token (after a re-exchange). */
  setToken(token: string): void;
  /** Stream events for the modules (missed ones first); absent where the page has no live connection. */
  events?: EventFeed;
  /** The live channel's alert state and commands (docs/alerts.md); absent where the page has no live connection. */
  alerts?: Pick<LiveAlertsHub, 'listen'>;
  stop(): void;
}

/** Everything the overlay start needs from outside, injected so tests can replace it. */
export interface OverlayServices {
  createClient(apiBase: string): ApiClient;
  /** The cache of the last profile for this API and credential (only a hash of the credential is kept). */
  profileCache(apiBase: string, auth: OverlayAuth): ProfileCache;
  /** `news`: the live channel's profile and layout news (re-read the profile, move the frames). */
  openDataLayer(args: { client: ApiClient; userId: string; kind: Kind; news?: LiveNews }): Promise<DataLayer>;
  createHost(options: Pick<ModuleHostOptions, 'kind' | 'data' | 'getProfile' | 'framesShareProcess' | 'listEvents' | 'onRefused' | 'mediaApi'>): ModuleHost;
  /** The page's own address (decides whether modules get a site each). */
  pageUrl: URL;
  /** Template of the modules' own origins, e.g. `https://{site}.modules.example.com` (the page's `overlay-module-origin` meta). */
  moduleOrigin?: string;
  /** The modules that exist (updated by hot reload in development). */
  catalog: ReadonlySignal<readonly ModuleEntry[]>;
  /** Calls back when OBS puts the page's source in or out of its program output (`obsSourceActiveChanged`). @default none: always active */
  watchActive?(onChange: (active: boolean) => void): () => void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}
