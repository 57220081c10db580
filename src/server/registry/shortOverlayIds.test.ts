import { describe, expect, it } from 'vitest';
import { TEST_SEED } from '../testing/testSeed.ts';
import { DEMO_SEED } from './demoSeed.ts';
import { shortOverlayIds } from './shortOverlayIds.ts';

describe('shortOverlayIds', () => {
  it('names each overlay id too short to stay unguessed, and none of the demo seed', () => {
    expect(shortOverlayIds(DEMO_SEED)).toEqual([]);
    const lines = shortOverlayIds(TEST_SEED);
    expect(lines).toHaveLength(TEST_SEED.users.length * 4);
    expect(lines[0]).toMatch(/^Warning: users\[0\]\.profile\.overlays\.game is \d+ characters long: an overlay id is a secret/);
  });
});
