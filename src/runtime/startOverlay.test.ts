import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { type ModuleEntry, OverlayError, type Profile } from '../api/index.ts';
import type { ApiClient, CachedProfile, ProfileCache, SyncStatus } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { FakeModuleData } from '../host/testing/FakeModuleData.ts';
import { DEMO_PROFILE } from '../server/index.ts';
import { OverlayModel } from './OverlayModel.ts';
import type { OverlayServices } from './OverlayServices.ts';
import type { OverlayParams } from './parseOverlayParams.ts';
import { moduleSiteLabel } from './moduleSiteLabel.ts';
import { OFFLINE_RETRY_MS, PROFILE_REFRESH_MS, startOverlay } from './startOverlay.ts';

// The real labels, counted: each one is a SHA-256 computed in script.
vi.mock('./moduleSiteLabel.ts', async (original) => {
  const actual = await original<typeof import('./moduleSiteLabel.ts')>();
  return { moduleSiteLabel: vi.fn(actual.moduleSiteLabel) };
});

const entry = (id: string): ModuleEntry => ({ id, url: `/modules/${id}/index.html`, name: id, kind: 'tool', width: 1920, height: 1080 });
const params: OverlayParams = { auth: { overlay: DEMO_PROFILE.overlays.tool }, apiBase: 'https://api.example', debug: true };
const status: SyncStatus = { state: 'online', online: true, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'memory', live: 'connecting' };

/** Services whose API is `me` (or a failure), with a host that records what it was asked to show. */
function world(me: () => Promise<Profile>, cached?: CachedProfile) {
  const shown: string[][] = [];
  const emitted: string[] = [];
  const saved: Profile[] = [];
  const ticks = new Map<number, () => void>();
  const client = {
    exchangeOverlay: async () => ({ token: 't', overlay: 'tool' as const, expiresAt: null }),
    setToken: () => {},
    me,
  } as unknown as ApiClient;
  const cache: ProfileCache = { load: async () => cached, save: async (profile) => void saved.push(profile) };
  const urls: string[][] = [];
  const hostOptions: Array<{ framesShareProcess?: boolean }> = [];
  const host = {
    sync: (entries: readonly ModuleEntry[]) => {
      shown.push(entries.map((e) => e.id));
      urls.push(entries.map((e) => e.url));
    },
    states: () => [],
    onState: () => () => {},
    emit: (name: string) => emitted.push(name),
    destroy: () => {},
  } as unknown as ModuleHost;
  const services: OverlayServices = {
    createClient: () => client,
    profileCache: () => cache,
    openDataLayer: async () => ({ data: new FakeModuleData(), queue: {} as never, status: signal(status), setToken: () => {}, stop: () => {} }),
    createHost: (options) => {
      hostOptions.push(options);
      return host;
    },
    pageUrl: new URL('https://overlay.example/'),
    catalog: signal([entry('demo.tool.counter'), entry('demo.tool.goal')]),
    setInterval: (fn, ms) => {
      ticks.set(ms, fn);
      return ms;
    },
    clearInterval: () => {},
  };
  return { services, shown, urls, hostOptions, emitted, saved, refresh: () => ticks.get(PROFILE_REFRESH_MS)!(), retry: () => ticks.get(OFFLINE_RETRY_MS)!() };
}

describe('startOverlay', () => {
  it('shows the selected modules that exist and reports the ones that do not', async () => {
    const profile = structuredClone(DEMO_PROFILE);
    profile.selected.tools = ['demo.tool.counter', 'de.missing.tool'];
    const { services, shown, saved } = world(async () => profile);
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    expect(model.phase.value).toBe('running');
    expect(shown.at(-1)).toEqual(['demo.tool.counter']);
    expect(model.problems.value.map((p) => p.message)).toEqual(['unknown module: de.missing.tool (no folder in modules/)']);
    expect(saved).toHaveLength(1);
    expect(model.profile.value).not.toHaveProperty('overlays');
  });

  it('loads each module from its own site of the module origin, and tells the host that frames do not share a process', async () => {
    const profile = structuredClone(DEMO_PROFILE);
    profile.selected.tools = ['demo.tool.counter', 'demo.tool.goal'];
    const { services, urls, hostOptions } = world(async () => profile);
    services.moduleOrigin = 'https://{site}.modules.example';
    await startOverlay(params, new OverlayModel(() => {}), services);
    expect(urls.at(-1)).toEqual([
      expect.stringMatching(/^https:\/\/demo-tool-counter-[0-9a-f]{13}\.modules\.example\/modules\/demo\.tool\.counter\/index\.html\?api=[^&#]+$/),
      expect.stringMatching(/^https:\/\/demo-tool-goal-[0-9a-f]{13}\.modules\.example\//),
    ]);
    expect(hostOptions[0]!.framesShareProcess).toBe(false);
  });

  it('gives a site label to the selected modules only, not to every module of the folder', async () => {
    const profile = structuredClone(DEMO_PROFILE);
    profile.selected.tools = ['demo.tool.counter', 'demo.tool.missing'];
    const { services, shown } = world(async () => profile);
    services.catalog = signal([entry('demo.tool.counter'), ...Array.from({ length: 49 }, (_, i) => entry(`bench.tool.m${i}`))]);
    services.moduleOrigin = 'https://{site}.modules.example';
    const label = vi.mocked(moduleSiteLabel);
    label.mockClear();
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    expect(shown.at(-1)).toEqual(['demo.tool.counter']);
    expect(new Set(label.mock.calls.map(([id]) => id))).toEqual(new Set(['demo.tool.counter']));
    expect(model.problems.value.map((p) => p.message)).toEqual(['unknown module: demo.tool.missing (no folder in modules/)']);
  });

  it('starts no module whose frame would stay on the page\'s host, and says so in the debug panel', async () => {
    const profile = structuredClone(DEMO_PROFILE);
    profile.selected.tools = ['demo.tool.counter'];
    const { services, shown, hostOptions } = world(async () => profile);
    services.moduleOrigin = 'https://modules.example';
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    expect(shown.at(-1)).toEqual([]);
    expect(model.problems.value.map((p) => p.message)).toEqual([
      expect.stringMatching(/^module not started: demo\.tool\.counter \(the module origin "https:\/\/modules\.example" is refused: it must hold \{site\} exactly once/),
    ]);
    expect(hostOptions[0]!.framesShareProcess).toBe(false);
  });

  it('shows the modules before the data layer is open, and is running once it is', async () => {
    const { services, shown } = world(async () => structuredClone(DEMO_PROFILE));
    const opened = services.openDataLayer;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    services.openDataLayer = async (args) => {
      await gate;
      return opened(args);
    };
    const model = new OverlayModel(() => {});
    const starting = startOverlay(params, model, services);
    await expect.poll(() => shown.length).toBeGreaterThan(0);
    expect(model.phase.value).not.toBe('running');
    open();
    await starting;
    expect(model.phase.value).toBe('running');
  });

  it('stops, with its frames, when the data layer cannot start', async () => {
    const { services } = world(async () => structuredClone(DEMO_PROFILE));
    let destroyed = false;
    const createHost = services.createHost;
    services.createHost = (options) => {
      const host = createHost(options);
      host.destroy = () => {
        destroyed = true;
      };
      return host;
    };
    services.openDataLayer = async () => {
      throw new Error('no storage at all');
    };
    const model = new OverlayModel(() => {});
    await expect(startOverlay(params, model, services)).resolves.toBeUndefined();
    expect(model.phase.value).toBe('failed');
    expect(destroyed).toBe(true);
    expect(model.problems.value.map((p) => p.message)).toContain('the data layer could not start: no storage at all');
  });

  it('follows a new selection on refresh and sends modules the new profile', async () => {
    const profile = structuredClone(DEMO_PROFILE);
    profile.selected.tools = ['demo.tool.counter'];
    const { services, shown, emitted, refresh } = world(async () => structuredClone(profile));
    await startOverlay(params, new OverlayModel(() => {}), services);
    profile.selected.tools = ['demo.tool.counter', 'demo.tool.goal'];
    refresh();
    await expect.poll(() => shown.at(-1)).toEqual(['demo.tool.counter', 'demo.tool.goal']);
    expect(emitted).toEqual(['profile']);
  });

  it('starts from the cached profile when the API cannot be reached', async () => {
    const { toPublicProfile } = await import('../api/index.ts');
    const cached: CachedProfile = { profile: toPublicProfile(DEMO_PROFILE), userId: DEMO_PROFILE.user.userId, kind: 'tool', savedAt: 1 };
    let reachable = false;
    const me = () => (reachable ? Promise.resolve(structuredClone(DEMO_PROFILE)) : Promise.reject(new OverlayError('UNAVAILABLE', 'network down')));
    const { services, shown, retry } = world(me, cached);
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    expect(model.fromCache.value).toBe(true);
    expect(shown.at(-1)).toEqual(['demo.tool.counter', 'demo.tool.goal']);
    // The API comes back: the short retry, not the 30 s refresh, finds it.
    reachable = true;
    retry();
    await expect.poll(() => model.fromCache.value).toBe(false);
    expect(model.problems.value.map((p) => p.key)).not.toContain('api');
  });

  it('runs one profile refresh at a time, however often the retry ticks', async () => {
    const { toPublicProfile } = await import('../api/index.ts');
    const cached: CachedProfile = { profile: toPublicProfile(DEMO_PROFILE), userId: DEMO_PROFILE.user.userId, kind: 'tool', savedAt: 1 };
    let calls = 0;
    let answer: (profile: Profile) => void = () => {};
    const me = () => {
      calls += 1;
      // The first start fails at once; later ones hang like an API that does not answer.
      return calls === 1 ? Promise.reject(new OverlayError('UNAVAILABLE', 'down')) : new Promise<Profile>((resolve) => (answer = resolve));
    };
    const { services, retry } = world(me, cached);
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    retry();
    retry();
    retry();
    await expect.poll(() => calls).toBe(2);
    answer(structuredClone(DEMO_PROFILE));
    await expect.poll(() => model.fromCache.value).toBe(false);
    retry();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(2);
  });

  it('fails with a clear cause when the API is unreachable and nothing is cached', async () => {
    const { services } = world(() => Promise.reject(new OverlayError('UNAVAILABLE', 'network down')));
    const model = new OverlayModel(() => {});
    expect(await startOverlay(params, model, services)).toBeUndefined();
    expect(model.phase.value).toBe('failed');
    expect(model.problems.value[0]!.message).toMatch(/^API unreachable at https:\/\/api.example/);
  });
});
