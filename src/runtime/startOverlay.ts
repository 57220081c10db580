import { effect } from '@preact/signals-core';
import {
  describeError,
  type Kind,
  type ModuleEntry,
  OverlayError,
  selectedModules,
  toPublicProfile,
} from '../api/index.ts';
import type { ApiClient, ProfileCache, SyncStatus } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { deferModuleData } from './deferModuleData.ts';
import { isolateModuleSites, type SiteIsolation } from './isolateModuleSites.ts';
import { type ObtainTokenOptions, obtainToken } from './obtainToken.ts';
import { renewTokenOnRefusal } from './renewTokenOnRefusal.ts';
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
  model.kind.value = kind;
  const sites = (registry: readonly ModuleEntry[]) => isolateModuleSites(registry, services.pageUrl, services.moduleOrigin);
  // The frames start while the local database opens: their calls wait for it.
  const opening = services.openDataLayer({ client, userId: first.userId, kind });
  const host = services.createHost({
    kind,
    data: deferModuleData(
      opening.then((layer) => layer.data),
      startingStatus(),
    ),
    getProfile: async () => model.profile.value!,
    framesShareProcess: !sites([]).isolated,
    listEvents: (query) => client.listEvents(query),
  });
  const showStates = () => {
    model.moduleStates.value = host.states();
  };
  const stopStates = host.onState(showStates);
  // Re-runs when the profile (selection) or the registry (hot reload) changes.
  const stopSelection = effect(() => {
    showModules(host, model, kind, sites(services.registry.value));
    showStates();
  });
  let layer: DataLayer;
  try {
    layer = await opening;
  } catch (error) {
    // Not expected (the local store falls back to memory), but the frames must not run on without it.
    stopSelection();
    stopStates();
    host.destroy();
    model.fail('data', `the data layer could not start: ${describeError(error)}`);
    return undefined;
  }
  model.phase.value = 'running';
  const stopEvents = layer.events?.listen((events) => host.emitEvents(events));
  // One refresh at a time: against an API that does not answer, the 5 s retry must not stack them.
  let refreshing: Promise<void> | null = null;
  const refresh = () => {
    refreshing ??= refreshProfile(client, params, model, cache, host, () => layer.status.peek().state === 'auth-required').finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
  const timer = services.setInterval(refresh, PROFILE_REFRESH_MS);
  // Started without the API, the page has no token yet: writes wait for it, so ask sooner.
  const retry = services.setInterval(() => {
    if (model.fromCache.peek()) void refresh();
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
    layer.stop();
    host.destroy();
  };
  return { client, host, layer, refresh, stop };
}

/** A running overlay, for the page's own wiring and for the studio. */
export interface OverlayController {
  client: ApiClient;
  host: ModuleHost;
  layer: DataLayer;
  /** Re-reads the profile now; modules get a `profile` event when it changed. */
  refresh(): Promise<void>;
  stop(): void;
}

interface FirstProfile {
  kind: Kind;
  userId: string;
}

/** Token and profile from the API; when it cannot be reached, the last ones seen. */
async function firstProfile(client: ApiClient, params: OverlayParams, model: OverlayModel, cache: ProfileCache): Promise<FirstProfile | undefined> {
  // Read while the network answers: it opens the local database off the start's critical path.
  const lastSeen = cache.load().catch(() => undefined);
  try {
    const { kind } = await obtainToken(client, params.auth, waitNotice(model));
    model.resolve('auth');
    const profile = await client.me();
    model.profile.value = toPublicProfile(profile);
    // Not awaited: the modules need not wait for the copy (the store runs its transactions in order).
    void cache.save(profile, kind).catch(() => undefined);
    return { kind, userId: profile.user.userId };
  } catch (error) {
    const cached = await lastSeen;
    if (cached && isUnreachable(error)) {
      model.report('api', `API unreachable (${describeError(error)}); showing the last profile seen, retrying`);
      model.fromCache.value = true;
      model.profile.value = cached.profile;
      return cached;
    }
    model.fail('start', startFailure(error, params));
    return undefined;
  }
}

function startFailure(error: unknown, params: OverlayParams): string {
  const code = error instanceof OverlayError ? error.code : 'INTERNAL';
  if (code === 'UNAUTHORIZED') return 'the token in the address is not valid: check the overlay URL';
  if (code === 'NOT_FOUND' && 'overlay' in params.auth) return 'unknown overlay id: check the overlay URL';
  if (isUnreachable(error)) return `API unreachable at ${params.apiBase} (${describeError(error)}) and no profile cached yet`;
  return `cannot start: ${describeError(error)}`;
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
    if (JSON.stringify(profile) === JSON.stringify(model.profile.peek())) return;
    model.profile.value = profile;
    host.emit('profile', profile);
    await cache.save(full, model.kind.peek()!);
  } catch (error) {
    model.report('api', `cannot refresh the profile: ${describeError(error)}`);
  }
}

/** Mounts the selected modules that exist and have a site; reports the ones that do not. */
function showModules(host: ModuleHost, model: OverlayModel, kind: Kind, { entries: registry, refused }: SiteIsolation): void {
  const profile = model.profile.value;
  if (!profile) return;
  const ids = selectedModules(profile, kind);
  const known = new Map(registry.map((entry) => [entry.id, entry]));
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
}

/** Says in debug mode why the page waits: the API limits exchanges of an overlay id (429). */
function waitNotice(model: OverlayModel): ObtainTokenOptions {
  return { onRateLimited: (ms) => model.report('auth', `too many exchanges of this overlay id: trying again in ${Math.ceil(ms / 1000)} s`) };
}

function isUnreachable(error: unknown): boolean {
  return error instanceof OverlayError ? error.code === 'UNAVAILABLE' || error.code === 'TIMEOUT' : error instanceof TypeError;
}

/** What modules started before the local database opened are told: nothing pending that the page knows of yet. */
function startingStatus(): SyncStatus {
  const online = globalThis.navigator?.onLine !== false;
  return { state: online ? 'online' : 'offline', online, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'indexeddb', live: 'connecting' };
}
