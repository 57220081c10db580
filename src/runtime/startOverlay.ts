import { effect } from '@preact/signals-core';
import { describeError, type Kind, type Layout, type ModuleEntry, type PublicProfile, selectedModules, toPublicProfile } from '../api/index.ts';
import type { ApiClient, ProfileCache, SyncStatus } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { deferModuleData } from './deferModuleData.ts';
import { isolateModuleSites, type SiteIsolation } from './isolateModuleSites.ts';
import { withApiBase } from './withApiBase.ts';
import { firstProfile, StartRefused, waitNotice } from './firstProfile.ts';
import { followAlerts, type PageAlerts } from './followAlerts.ts';
import { followLayout } from './followLayout.ts';
import { obtainToken } from './obtainToken.ts';
import { renewTokenOnRefusal } from './renewTokenOnRefusal.ts';
import { reportRefusals } from './reportRefusals.ts';
import type { OverlayModel } from './OverlayModel.ts';
import type { OverlayParams } from './parseOverlayParams.ts';
import type { DataLayer, OverlayServices } from './OverlayServices.ts';

/** How often the page re-reads the profile to follow the streamer's selection. @default 30 s */
export const PROFILE_REFRESH_MS = 30_000;

/** How often a page started from its cached profile tries to reach the API again. @default 5 s */
export const OFFLINE_RETRY_MS = 5_000;

/**
 * The overlay page's start: token, profile (or its cached copy), the data layer,
 * the module host, then a periodic profile refresh. Problems are reported to
 * the model; the page never throws at the streamer.
 */
export async function startOverlay(
  params: OverlayParams,
  model: OverlayModel,
  services: OverlayServices,
): Promise<OverlayController | undefined> {
  const client = services.createClient(params.apiBase);
  const cache = services.profileCache(params.apiBase, params.auth);
  const first = await firstProfile(client, params, model, cache);
  if (!first) return undefined;
  const { kind } = first;
  let refreshing: Promise<void> | null = null;
  model.kind.value = kind;
  // Each frame is told the API base: its page's policy allows the API's media path, and only that.
  const sites = (catalog: readonly ModuleEntry[]) => isolateModuleSites(withApiBase(catalog, params.apiBase, services.pageUrl), services.pageUrl, services.moduleOrigin);
  // The frames start while the local database opens (and, on a start from the cached
  // profile, while the API answers): their calls wait for it.
  // The live channel's news may come as soon as the data layer connects: the refresh is ready for them.
  // News during a read get a read after it (the running one may answer what is stale by now).
  let layer!: DataLayer;
  let alerts!: PageAlerts;
  // News without a layout also follows a `ready` after a lost connection (its alert state comes with the alert news).
  const news = (next?: Layout) => {
    if (next) return layout.show(next);
    void (refreshing?.then(refresh) ?? refresh());
  };
  const opening = first.answer.then(async (full) => {
    const layer = await services.openDataLayer({ client, userId: first.userId, kind, news });
    if (full && first.early) showFresh(model, host, toPublicProfile(full));
    return layer;
  });
  const host = services.createHost({
    kind,
    data: deferModuleData(
      opening.then((layer) => layer.data),
      startingStatus(),
    ),
    getProfile: async () => model.profile.value!,
    framesShareProcess: !sites([]).isolated,
    listEvents: (query) => client.listEvents(query),
    onRefused: reportRefusals(model),
    mediaApi: client,
  });
  const layout = followLayout(client, kind, host);
  alerts = followAlerts({
    host,
    userId: first.userId,
    // Until the page knows it polls, its live socket is on its way: its `ready` brings the alert state.
    awaitsLive: () => layer?.status.peek().live !== 'polling',
    readState: () => client.alerts(),
    report: (report) => client.reportAlerts(report),
  });
  const stopActive = services.watchActive?.((active) => alerts.setActive(active));
  // Started from the cached profile, the frames run before the client has a token: their boxes are
  // read once it has one (the API's answer), not left to the next refresh or live news.
  void (first.early ? first.answer.then((full) => full && layout.read(), () => {}) : layout.read());
  const showStates = () => {
    model.moduleStates.value = host.states();
  };
  const stopStates = host.onState(showStates);
  // Re-runs when the profile (selection) or the catalog (hot reload) changes. Only the selected modules get
  // a site label (a SHA-256 in script each): a modules folder of 50 cost 10 to 20 ms before the first frame.
  const stopSelection = effect(() => {
    alerts.follow(showModules(host, model, kind, sites(selectedEntries(services.catalog.value, model.profile.value, kind))));
    showStates();
  });
  try {
    layer = await opening;
  } catch (error) {
    // A refused address, or (not expected: the local store falls back to memory) no data layer: the frames must not run on.
    stopSelection();
    stopStates();
    stopActive?.();
    alerts.stop();
    host.destroy();
    if (error instanceof StartRefused) model.fail('start', error.message);
    else model.fail('data', `the data layer could not start: ${describeError(error)}`);
    return undefined;
  }
  model.phase.value = 'running';
  const stopAlertNews = layer.alerts?.listen((message) => alerts.news(message));
  const stopEvents = layer.events?.listen((events) => {
    host.emitEvents(events);
    alerts.offer(events);
  });
  const timer = services.setInterval(refresh, PROFILE_REFRESH_MS);
  // Started without the API, the page has no token yet: writes wait for it, so ask sooner. An API
  // without the live channel tells no news: its changes show at this poll.
  const retry = services.setInterval(() => {
    if (model.fromCache.peek() || layer.status.peek().live === 'polling') void refresh();
  }, OFFLINE_RETRY_MS);
  const stopAuth = renewTokenOnRefusal({
    status: layer.status,
    renew: 'overlay' in params.auth ? async () => (await obtainToken(client, params.auth, waitNotice(model))).token : undefined,
    setToken: (token) => layer.setToken(token),
    problems: {
      report: (message) => model.report('auth', message),
      resolve: () => model.resolve('auth'),
      has: (message) => model.problems.peek().some((problem) => problem.key === 'auth' && problem.message === message),
    },
  });
  const stop = () => {
    services.clearInterval(timer);
    services.clearInterval(retry);
    stopSelection();
    stopStates();
    stopAuth();
    stopEvents?.();
    stopAlertNews?.();
    stopActive?.();
    alerts.stop();
    layer.stop();
    host.destroy();
  };
  return { client, host, layer, alerts, refresh, stop };

  // One profile read at a time: against an API that does not answer, the 5 s retry must not stack them.
  function refresh(): Promise<void> {
    if (refreshing) return refreshing;
    void layout.read();
    refreshing = refreshProfile(client, params, model, cache, host, () => layer?.status.peek().state === 'auth-required').finally(() => {
      refreshing = null;
    });
    return refreshing;
  }
}

/** A running overlay, for the page's own wiring and for the studio. */
export interface OverlayController {
  client: ApiClient;
  host: ModuleHost;
  layer: DataLayer;
  /** The page's part in the browser's alert queue (the studio shows its view). */
  alerts: PageAlerts;
  /** Re-reads the profile now; modules get a `profile` event when it changed. */
  refresh(): Promise<void>;
  stop(): void;
}

async function refreshProfile(
  client: ApiClient,
  params: OverlayParams,
  model: OverlayModel,
  cache: ProfileCache,
  host: ModuleHost,
  waitsForToken: () => boolean,
): Promise<void> {
  try {
    // Started on the cached profile (no token yet), or a renewal after a 401 failed (API unreachable
    // then): get a token again, or the queue stays paused until a reload. The queue resumes on it.
    if (model.fromCache.peek() || waitsForToken()) await obtainToken(client, params.auth, waitNotice(model));
    const full = await client.me();
    const profile = toPublicProfile(full);
    model.resolve('api');
    model.resolve('auth');
    model.fromCache.value = false;
    if (!showFresh(model, host, profile)) return;
    await cache.save(full, model.kind.peek()!);
  } catch (error) {
    model.report('api', `cannot refresh the profile: ${describeError(error)}`);
  }
}

/** Shows a profile that differs from the one shown, and sends it to the modules; false when it is the same. */
function showFresh(model: OverlayModel, host: ModuleHost, profile: PublicProfile): boolean {
  if (JSON.stringify(profile) === JSON.stringify(model.profile.peek())) return false;
  model.profile.value = profile;
  host.emit('profile', profile);
  return true;
}

/** The catalog's entries of the modules the profile selects for `kind`. */
function selectedEntries(catalog: readonly ModuleEntry[], profile: PublicProfile | null, kind: Kind): ModuleEntry[] {
  if (!profile) return [];
  const ids = new Set(selectedModules(profile, kind));
  return catalog.filter((entry) => ids.has(entry.id));
}

/** Mounts the selected modules that exist and have a site, and answers them; reports the ones that do not. */
function showModules(host: ModuleHost, model: OverlayModel, kind: Kind, { entries: catalog, refused }: SiteIsolation): ModuleEntry[] {
  const profile = model.profile.value;
  if (!profile) return [];
  const ids = selectedModules(profile, kind);
  const known = new Map(catalog.map((entry) => [entry.id, entry]));
  const reasons = new Map(refused.map(({ id, reason }) => [id, reason]));
  const missing = ids.filter((id) => !known.has(id) && !reasons.has(id));
  if (missing.length > 0) model.report('missing', `unknown module${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (no folder in modules/)`);
  else model.resolve('missing');
  const notStarted = ids.filter((id) => reasons.has(id)).map((id) => `${id} (${reasons.get(id)})`);
  if (notStarted.length > 0) model.report('site', `module not started: ${notStarted.join('; ')}`);
  else model.resolve('site');
  const entries = ids.flatMap((id) => known.get(id) ?? []);
  model.moduleIds.value = entries.map((entry) => entry.id);
  host.sync(entries);
  return entries;
}

/** What modules started before the local database opened are told: nothing pending that the page knows of yet. */
function startingStatus(): SyncStatus {
  const online = globalThis.navigator?.onLine !== false;
  return { state: online ? 'online' : 'offline', online, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'indexeddb', live: 'connecting' };
}
