import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../store/index.ts';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_SEED } from './demoSeed.ts';
import { createMemoryRegistry } from './memoryRegistry.ts';
import { openRegistry } from './openRegistry.ts';
import { describeRegistryContract } from './registryContract.ts';
import { createSqliteProfileRecords } from './sqliteProfileRecords.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-registry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = () => join(dir, `registry-${++files}.sqlite`);
const userId = DEMO_PROFILE.user.userId;

// Exchanged tokens live in the process: its "two instances" are one registry on one file.
describeRegistryContract('sqlite', async (options) => {
  const records = createSqliteProfileRecords(freshFile());
  const registry = createMemoryRegistry(DEMO_SEED, { ...options, records, closeRecords: () => records.close() });
  return [registry, registry];
});

describe('sqlite registry', () => {
  it('keeps profiles and layouts across a restart, also when the seed changed; --reseed writes the seed over them', async () => {
    const store = createSqliteStore({ path: freshFile() });
    const first = await openRegistry(store, DEMO_SEED);
    const fresh = (await first.rotateOverlayId(userId, 'game'))!;
    await first.replaceLayout(userId, 'game', { 'demo.game.trivia': { x: 1, y: 2, width: 100, height: 100 } });
    await first.close?.();
    const seed = structuredClone(DEMO_SEED);
    seed.users[0]!.profile.user.userName = 'renamed';
    const second = await openRegistry(store, seed);
    expect((await second.profile(userId))?.user.userName).toBe(DEMO_PROFILE.user.userName);
    expect(await second.exchangeOverlayId(fresh)).toMatchObject({ overlay: 'game' });
    expect(await second.exchangeOverlayId(DEMO_OVERLAY_IDS.game)).toBeUndefined();
    await second.close?.();
    const third = await openRegistry(store, seed, { reseed: true });
    expect(await third.profile(userId)).toEqual(seed.users[0]!.profile);
    expect(await third.exchangeOverlayId(DEMO_OVERLAY_IDS.game)).toMatchObject({ overlay: 'game' });
    expect(await third.exchangeOverlayId(fresh)).toBeUndefined();
    expect(Object.keys((await third.layout(userId, 'game')).value)).toEqual(['demo.game.trivia']);
    await third.close?.();
    await store.close();
  });

  it('two connections on one file: a compare-and-set is won once', async () => {
    const file = freshFile();
    const [a, b] = [createSqliteProfileRecords(file), createSqliteProfileRecords(file)];
    const none = { remove: [], set: [] };
    expect(await a.write('1', undefined, '{"v":1}', none)).toBe(true);
    expect(await b.write('1', undefined, '{"v":2}', none)).toBe(false);
    expect(await b.write('1', '{"v":1}', '{"v":3}', { remove: [], set: [['twitch:9', '1']] })).toBe(true);
    expect(await a.write('1', '{"v":1}', '{"v":4}', none)).toBe(false);
    expect(await a.read('1')).toBe('{"v":3}');
    expect(await a.lookup('twitch:9')).toBe('1');
    a.close();
    b.close();
  });

  it('two connections on one file: a Twitch id claimed through one is refused through the other, and released only by its holder', async () => {
    const file = freshFile();
    const [a, b] = [createSqliteProfileRecords(file), createSqliteProfileRecords(file)];
    const claim = (userId: string) => ({ remove: [], set: [], claim: [['twitch:7', userId]] as Array<[string, string]> });
    expect(await a.write('1', undefined, '{"v":1}', claim('1'))).toBe(true);
    expect(await b.write('2', undefined, '{"v":2}', claim('2'))).toBe('taken');
    expect(await b.read('2')).toBeUndefined();
    expect(await b.write('2', undefined, '{"v":2}', { remove: [], set: [], release: [['twitch:7', '2']] })).toBe(true);
    expect(await a.lookup('twitch:7')).toBe('1');
    expect(await b.write('1', '{"v":1}', '{"v":3}', { remove: [], set: [], release: [['twitch:7', '1']] })).toBe(true);
    expect(await b.write('2', '{"v":2}', '{"v":4}', claim('2'))).toBe(true);
    expect(await a.lookup('twitch:7')).toBe('2');
    a.close();
    b.close();
  });
});
