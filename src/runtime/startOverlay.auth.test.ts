import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { OverlayError, type Profile } from '../api/index.ts';
import type { ApiClient, ProfileCache, SyncStatus } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { FakeModuleData } from '../host/testing/FakeModuleData.ts';
import { DEMO_PROFILE } from '../server/index.ts';
import { OverlayModel } from './OverlayModel.ts';
import type { OverlayServices } from './OverlayServices.ts';
import type { OverlayParams } from './parseOverlayParams.ts';
import { startOverlay } from './startOverlay.ts';

const params: OverlayParams = { auth: { overlay: DEMO_PROFILE.overlays.tool }, apiBase: 'https://api.example', debug: true };
const ONLINE: SyncStatus = { state: 'online', online: true, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'memory', live: 'connecting' };

const authProblems = (model: OverlayModel) => model.problems.value.filter((p) => p.key === 'auth').map((p) => p.message);

/** An API whose token exchange can be switched off, and a queue status the test sets. */
function world() {
  const api = { exchangeWorks: true, issued: 0 };
  const tokens: (string | undefined)[] = [];
  const status = signal(ONLINE);
  const ticks: (() => void)[] = [];
  const client = {
    async exchangeOverlay() {
      if (!api.exchangeWorks) throw new OverlayError('UNAVAILABLE', 'The API cannot be reached');
      return { token: `token-${++api.issued}`, overlay: 'tool' as const, expiresAt: null };
    },
    setToken: (token: string | undefined) => tokens.push(token),
    me: async (): Promise<Profile> => structuredClone(DEMO_PROFILE),
  } as unknown as ApiClient;
  const cache: ProfileCache = { load: async () => undefined, save: async () => {} };
  const host = { sync: () => {}, states: () => [], onState: () => () => {}, emit: () => {}, destroy: () => {} } as unknown as ModuleHost;
  const services: OverlayServices = {
    createClient: () => client,
    profileCache: () => cache,
    openDataLayer: async () => ({ data: new FakeModuleData(), queue: {} as never, status, setToken: (token) => client.setToken(token), stop: () => {} }),
    createHost: () => host,
    pageUrl: new URL('https://overlay.example/'),
    catalog: signal([]),
    setInterval: (fn) => ticks.push(fn),
    clearInterval: () => {},
  };
  return { api, tokens, status, services, tick: () => {
      for (const fn of ticks) fn();
    },
  };
}

describe('startOverlay: the token after a 401', () => {
  it('exchanges the overlay id again when the queue reports auth-required', async () => {
    const { tokens, status, services } = world();
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    status.value = { ...ONLINE, state: 'auth-required' };
    await expect.poll(() => tokens).toEqual(['token-1', 'token-2', 'token-2']);
    expect(authProblems(model)).toEqual([]);
  });

  it('a renewal that failed (API unreachable) is tried again at the next profile refresh, and its problem goes away', async () => {
    const { api, tokens, status, services, tick } = world();
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    api.exchangeWorks = false;
    status.value = { ...ONLINE, state: 'auth-required' };
    await expect.poll(() => authProblems(model)).toEqual(['cannot renew the token: UNAVAILABLE: The API cannot be reached']);
    expect(tokens).toEqual(['token-1']);

    api.exchangeWorks = true;
    tick();
    await expect.poll(() => tokens).toEqual(['token-1', 'token-2']);
    await expect.poll(() => authProblems(model)).toEqual([]);
  });

  it('a fresh token refused before anything went through is not renewed again at once, but at the next refresh', async () => {
    const { tokens, status, services, tick } = world();
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    status.value = { ...ONLINE, state: 'auth-required', lastSyncAt: 1 };
    await expect.poll(() => tokens).toEqual(['token-1', 'token-2', 'token-2']);
    // The queue resumes with token-2, and the API refuses it too: no exchange loop.
    status.value = { ...ONLINE, lastSyncAt: 1 };
    status.value = { ...ONLINE, state: 'auth-required', lastSyncAt: 1, pending: 1 };
    status.value = { ...ONLINE, state: 'auth-required', lastSyncAt: 1, pending: 2 };
    await expect.poll(() => authProblems(model)).toEqual([
      'the API refused a fresh token: writes are kept; a new one is asked for at the next profile refresh',
    ]);
    expect(tokens).toHaveLength(3);

    tick();
    await expect.poll(() => tokens).toEqual(['token-1', 'token-2', 'token-2', 'token-3']);
    // That one worked (a write went through); a later 401 is renewed at once again.
    status.value = { ...ONLINE, lastSyncAt: 2 };
    status.value = { ...ONLINE, state: 'auth-required', lastSyncAt: 2 };
    await expect.poll(() => tokens).toEqual(['token-1', 'token-2', 'token-2', 'token-3', 'token-4', 'token-4']);
  });

  it('a refresh while the queue is fine does not exchange again', async () => {
    const { tokens, services, tick } = world();
    const model = new OverlayModel(() => {});
    await startOverlay(params, model, services);
    tick();
    await Promise.resolve();
    expect(tokens).toEqual(['token-1']);
  });
});
