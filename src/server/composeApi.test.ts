import { describe, expect, it, vi } from 'vitest';
import type { ComposedApi } from './ComposedApi.ts';
import { composeApi } from './composeApi.ts';
import { createMemoryStore } from './store/index.ts';

const SIGNUP = { clientId: 'client', clientSecret: 'secret', publicUrl: 'https://overlay.example' };
const NO_TWITCH_LOGIN = { start: () => Promise.reject(new Error('unused')), isPending: () => false, forget: async () => {}, keep: async () => {} };

/** Records the order in which close() reaches each part it built. */
function watchClosing(api: ComposedApi): string[] {
  const closed: string[] = [];
  const watch = (name: string, part: object, method: string) => {
    const target = part as Record<string, () => Promise<unknown>>;
    const original = target[method]!.bind(part);
    target[method] = async () => {
      closed.push(name);
      return original();
    };
  };
  if (api.twitch) watch('twitch', api.twitch, 'stop');
  watch('live', api.live!, 'close');
  watch('events', api.events, 'close');
  watch('sessions', api.sessions, 'close');
  watch('alerts', api.services.alerts, 'close');
  watch('media', api.services.media.store, 'close');
  watch('store', api.store, 'close');
  api.servedBy({ close: async () => void closed.push('server') });
  return closed;
}

describe('composeApi', () => {
  it('closes in one order: Twitch while the store answers, the live sockets, the server, then what it served from, the store last', async () => {
    const api = await composeApi({ store: 'memory', twitch: { clientId: 'client' }, log: () => {} });
    const closed = watchClosing(api);
    await api.close();
    expect(closed).toEqual(['twitch', 'live', 'server', 'events', 'sessions', 'alerts', 'media', 'store']);
  }, 30_000);

  it('closes once, however often close() is called', async () => {
    const api = await composeApi({ store: 'memory' });
    const closed = watchClosing(api);
    await Promise.all([api.close(), api.close()]);
    await api.close();
    expect(closed.filter((name) => name === 'store')).toEqual(['store']);
  });

  it('closes what it had built when a later part fails, and rejects with that failure', async () => {
    const store = createMemoryStore();
    const closeStore = vi.spyOn(store, 'close');
    // The event log refuses its retention after the store, sessions, registry and live feed were built.
    await expect(composeApi({ store, events: { retention: { maxPerUser: 0 } } })).rejects.toThrow('retention.maxPerUser must be a positive integer');
    expect(closeStore).toHaveBeenCalledOnce();
  });

  it('builds the sign-in of --signup twitch from the Twitch link, and refuses --signup without one before opening a store', async () => {
    const api = await composeApi({ signup: SIGNUP, twitchRoutes: { twitchLogin: NO_TWITCH_LOGIN } });
    expect(api.services.signIn?.settings).toEqual(SIGNUP);
    expect(api.services.twitchLogin).toBe(NO_TWITCH_LOGIN);
    await api.close();
    const store = createMemoryStore();
    const closeStore = vi.spyOn(store, 'close');
    await expect(composeApi({ store, signup: SIGNUP })).rejects.toThrow('signup: sign-up with Twitch needs the Twitch link (a Twitch client id)');
    expect(closeStore).not.toHaveBeenCalled();
    const withoutTwitch = await composeApi({ store: 'memory' });
    expect(await withoutTwitch.connectTwitch()).toEqual([]);
    await withoutTwitch.close();
  });
});
