import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { type Boxes, type Kind, type Layout, type ModuleEntry, OverlayError, type Profile, toPublicProfile } from '../api/index.ts';
import { type ApiClient, ApiError, type CachedProfile, type ProfileCache, type SyncStatus } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { FakeModuleData } from '../host/testing/FakeModuleData.ts';
import { DEMO_PROFILE } from '../server/index.ts';
import { OverlayModel } from './OverlayModel.ts';
import type { OverlayServices } from './OverlayServices.ts';
import type { OverlayParams } from './parseOverlayParams.ts';
import { startOverlay } from './startOverlay.ts';

const entry = (id: string): ModuleEntry => ({ id, url: `/modules/${id}/index.html`, name: id, kind: 'tool', width: 1920, height: 1080 });
const params: OverlayParams = { auth: { overlay: DEMO_PROFILE.overlays.tool }, apiBase: 'https://api.example', debug: true };
const STORED_BOXES: Boxes = { 'demo.tool.counter': { x: 100, y: 320, width: 880, height: 560 } };
const status: SyncStatus = { state: 'online', online: true, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'memory', live: 'connecting' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An API whose exchange answers when the test says, a cache holding a profile selecting `cachedTools`. */
function world(cachedTools: string[]) {
  const exchange = deferred<{ token: string; overlay: 'tool'; expiresAt: null }>();
  const me = deferred<Profile>();
  const events: string[] = [];
  const shown: string[][] = [];
  const arranged: Boxes[] = [];
  let tokenSet = false;
  const client = {
    exchangeOverlay: () => exchange.promise,
    setToken: () => {
      tokenSet = true;
    },
    me: () => me.promise,
    // As the real client: no request without a token.
    layout: async (kind: Kind): Promise<Layout> => {
      if (!tokenSet) throw new ApiError('UNAUTHORIZED', 'No token yet: the overlay is not signed in');
      return { kind, width: 1920, height: 1080, boxes: STORED_BOXES };
    },
  } as unknown as ApiClient;
  const cachedProfile = structuredClone(DEMO_PROFILE);
  cachedProfile.selected.tools = cachedTools;
  const cached: CachedProfile = { profile: toPublicProfile(cachedProfile), userId: DEMO_PROFILE.user.userId, kind: 'tool', savedAt: 1 };
  const cache: ProfileCache = { load: async () => cached, save: async () => void events.push('saved') };
  const host = {
    sync: (entries: readonly ModuleEntry[]) => shown.push(entries.map((e) => e.id)),
    arrange: (boxes: Boxes) => arranged.push(boxes),
    states: () => [],
    onState: () => () => {},
    emit: (name: string) => events.push(`emit ${name}`),
    destroy: () => events.push('destroyed'),
  } as unknown as ModuleHost;
  const services: OverlayServices = {
    createClient: () => client,
    profileCache: () => cache,
    openDataLayer: async () => {
      events.push(tokenSet ? 'data layer with a token' : 'data layer without a token');
      return { data: new FakeModuleData(), queue: {} as never, status: signal(status), setToken: () => {}, stop: () => {} };
    },
    createHost: () => host,
    pageUrl: new URL('https://overlay.example/'),
    catalog: signal([entry('demo.tool.counter'), entry('demo.tool.goal')]),
    setInterval: () => 0,
    clearInterval: () => {},
  };
  return { services, exchange, me, events, shown, arranged };
}

describe('startOverlay from the cached profile', () => {
  it('starts the frames before the API answers; the data layer opens once the token is there; a changed profile reaches the modules', async () => {
    const { services, exchange, me, events, shown } = world(['demo.tool.counter']);
    const model = new OverlayModel(() => {});
    const starting = startOverlay(params, model, services);
    await expect.poll(() => shown.at(-1)).toEqual(['demo.tool.counter']);
    expect(events).toEqual([]);
    exchange.resolve({ token: 't', overlay: 'tool', expiresAt: null });
    const fresh = structuredClone(DEMO_PROFILE);
    fresh.selected.tools = ['demo.tool.counter', 'demo.tool.goal'];
    me.resolve(fresh);
    await starting;
    expect(model.phase.value).toBe('running');
    expect(model.fromCache.value).toBe(false);
    expect(shown.at(-1)).toEqual(['demo.tool.counter', 'demo.tool.goal']);
    expect(events).toEqual(['saved', 'data layer with a token', 'emit profile']);
  });

  it('reads the stored boxes as soon as the client has a token, without waiting for a refresh or live news', async () => {
    const { services, exchange, me, shown, arranged } = world(['demo.tool.counter']);
    const starting = startOverlay(params, new OverlayModel(() => {}), services);
    await expect.poll(() => shown.length).toBe(1);
    expect(arranged).toEqual([]);
    exchange.resolve({ token: 't', overlay: 'tool', expiresAt: null });
    me.resolve(structuredClone(DEMO_PROFILE));
    await starting;
    // The fake's timers never fire and no live news comes: only the start reads the layout.
    await expect.poll(() => arranged).toEqual([STORED_BOXES]);
  });

  it('sends no profile event when the API answers the profile already shown', async () => {
    const { services, exchange, me, events } = world([...DEMO_PROFILE.selected.tools]);
    const starting = startOverlay(params, new OverlayModel(() => {}), services);
    exchange.resolve({ token: 't', overlay: 'tool', expiresAt: null });
    me.resolve(structuredClone(DEMO_PROFILE));
    await starting;
    expect(events).toEqual(['saved', 'data layer with a token']);
  });

  it('stops its frames and fails with the cause when the API then refuses the address', async () => {
    const { services, exchange, events, shown } = world(['demo.tool.counter']);
    const model = new OverlayModel(() => {});
    const starting = startOverlay(params, model, services);
    await expect.poll(() => shown.length).toBe(1);
    exchange.reject(new OverlayError('NOT_FOUND', 'unknown overlay id'));
    expect(await starting).toBeUndefined();
    expect(model.phase.value).toBe('failed');
    expect(events).toEqual(['destroyed']);
    expect(model.problems.value.map((p) => p.message)).toEqual(['unknown overlay id: check the overlay URL']);
  });

  it('runs on from the cache, retrying, when the API turns out to be out of reach', async () => {
    const { services, exchange, events } = world(['demo.tool.counter']);
    const model = new OverlayModel(() => {});
    const starting = startOverlay(params, model, services);
    exchange.reject(new OverlayError('UNAVAILABLE', 'network down'));
    await starting;
    expect(model.phase.value).toBe('running');
    expect(model.fromCache.value).toBe(true);
    expect(events).toEqual(['data layer without a token']);
    expect(model.problems.value.map((p) => p.message)).toEqual([expect.stringMatching(/^API unreachable \(/)]);
  });
});
