import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../client/index.ts';
import { moduleSyncState } from './moduleSyncState.ts';

const ONLINE: SyncStatus = { state: 'online', online: true, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'indexeddb', live: 'live' };
const refused = { moduleId: 'demo.goal', name: 'title', from: 'dock', code: 'TOO_LARGE' as const, message: 'value over 65536 bytes' };

describe('moduleSyncState', () => {
  it('tells saved, pending, offline and auth apart for one module', () => {
    expect(moduleSyncState(null, 0, 'demo.goal').phase).toBe('starting');
    expect(moduleSyncState(ONLINE, 0, 'demo.goal')).toEqual({ phase: 'saved', text: 'All changes saved', failed: [] });
    expect(moduleSyncState(ONLINE, 2, 'demo.goal').text).toBe('Saving 2 changes…');
    expect(moduleSyncState({ ...ONLINE, state: 'offline', online: false }, 1, 'demo.goal').text).toBe('Offline: 1 change kept, sent when back');
    expect(moduleSyncState({ ...ONLINE, state: 'auth-required' }, 1, 'demo.goal').phase).toBe('auth');
  });

  it('lists only this module\'s refused writes, with the reason', () => {
    const status = { ...ONLINE, failed: [refused, { ...refused, moduleId: 'demo.other' }] };
    expect(moduleSyncState(status, 0, 'demo.goal')).toEqual({ phase: 'failed', text: '1 change refused by the server', failed: [refused] });
    expect(moduleSyncState(status, 0, 'demo.counter').phase).toBe('saved');
  });
});
