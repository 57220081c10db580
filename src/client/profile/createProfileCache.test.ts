import { describe, expect, it } from 'vitest';
import { openLocalStore } from '../storage/index.ts';
import { createProfileCache } from './createProfileCache.ts';
import { hashIdentity } from './hashIdentity.ts';
import { ManualClock } from '../testing/ManualClock.ts';
import { sampleProfile } from '../../api/testing/sampleProfile.ts';

describe('createProfileCache', () => {
  it('keeps the public profile, user and kind under a hash of (API, identity)', async () => {
    const store = openLocalStore({ useStore: null });
    const clock = new ManualClock();
    const cache = createProfileCache({ store, baseUrl: 'https://api.test', identity: 'overlay-id-secret', clock });
    expect(await cache.load()).toBeUndefined();
    await cache.save(sampleProfile('42'), 'tool');
    const loaded = await cache.load();
    expect(loaded).toMatchObject({ userId: '42', kind: 'tool', savedAt: clock.now() });
    expect(loaded?.profile.selected.tools).toEqual(['t.one', 't.two']);
    const rows = JSON.stringify(await store.getAll([]));
    expect(rows).not.toMatch(/overlay-id-secret|secret-deck|"ot"/);
  });

  it('is separate per identity and per API', async () => {
    const store = openLocalStore({ useStore: null });
    await createProfileCache({ store, baseUrl: 'https://api.test', identity: 'a' }).save(sampleProfile(), 'game');
    expect(await createProfileCache({ store, baseUrl: 'https://api.test', identity: 'b' }).load()).toBeUndefined();
    expect(await createProfileCache({ store, baseUrl: 'https://other.test', identity: 'a' }).load()).toBeUndefined();
  });

  it('ignores a stored entry that is not a cached profile', async () => {
    const store = openLocalStore({ useStore: null });
    const cache = createProfileCache({ store, baseUrl: 'x', identity: 'y' });
    const key = ['profile', await hashIdentity('x\ny')];
    await store.update([], () => ({ writes: [[key, { profile: 'garbage' }]], result: undefined }));
    expect(await cache.load()).toBeUndefined();
  });
});

describe('hashIdentity', () => {
  it('hashes with SHA-256, or without crypto.subtle with a fallback of its own prefix', async () => {
    expect(await hashIdentity('abc')).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const fallback = await hashIdentity('abc', null);
    expect(fallback).toMatch(/^c53:[0-9a-f]+$/);
    expect(await hashIdentity('abd', null)).not.toBe(fallback);
  });
});
