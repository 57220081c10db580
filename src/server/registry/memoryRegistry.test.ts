import { describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS } from './demoSeed.ts';
import { createMemoryRegistry } from './memoryRegistry.ts';

function setup(options: { maxIssuedTokens?: number } = {}) {
  let now = Date.parse('2025-01-01T00:00:00.000Z');
  let counter = 0;
  const registry = createMemoryRegistry(DEMO_SEED, {
    tokenTtlMs: 60_000,
    now: () => now,
    randomToken: () => `issued-${++counter}`,
    ...options,
  });
  return { registry, advance: (ms: number) => (now += ms) };
}

describe('createMemoryRegistry', () => {
  it('resolves seed tokens, which never expire', async () => {
    const { registry, advance } = setup();
    advance(10 * 365 * 24 * 3600_000);
    expect(await registry.resolveToken(DEMO_TOKENS.tool)).toEqual({
      userId: '40917221',
      context: 'overlay',
      overlay: 'tool',
      expiresAt: null,
    });
    expect(await registry.resolveToken(DEMO_TOKENS.website)).toEqual({
      userId: '40917221',
      context: 'website',
      expiresAt: null,
    });
    expect(await registry.resolveToken('nope')).toBeUndefined();
  });

  it('exchanges an overlay id for a token bound to user and kind, valid until its expiry', async () => {
    const { registry, advance } = setup();
    const issued = await registry.exchangeOverlayId(DEMO_OVERLAY_IDS.event);
    expect(issued).toEqual({
      token: 'issued-1',
      userId: '40917221',
      context: 'overlay',
      overlay: 'event',
      expiresAt: '2025-01-01T00:01:00.000Z',
    });
    advance(59_999);
    expect(await registry.resolveToken('issued-1')).toMatchObject({ overlay: 'event', expiresAt: '2025-01-01T00:01:00.000Z' });
    advance(1);
    expect(await registry.resolveToken('issued-1')).toBeUndefined();
    expect(await registry.exchangeOverlayId('unknown')).toBeUndefined();
  });

  it('drops the oldest exchanged tokens beyond the cap', async () => {
    const { registry } = setup({ maxIssuedTokens: 2 });
    for (let i = 0; i < 3; i++) await registry.exchangeOverlayId(DEMO_OVERLAY_IDS.tool);
    expect(await registry.resolveToken('issued-1')).toBeUndefined();
    expect(await registry.resolveToken('issued-2')).toBeDefined();
    expect(await registry.resolveToken('issued-3')).toBeDefined();
  });

  it('returns profiles as seeded and checks its options', async () => {
    const { registry } = setup();
    expect(await registry.profile('40917221')).toEqual(DEMO_PROFILE);
    expect(await registry.profile('1')).toBeUndefined();
    expect(() => createMemoryRegistry(DEMO_SEED, { tokenTtlMs: 0 })).toThrow(RangeError);
    expect(() => createMemoryRegistry(DEMO_SEED, { maxIssuedTokens: 1.5 })).toThrow(RangeError);
  });
});

describe('replaceProfile', () => {
  it('replaces a known profile but keeps its overlay ids, and refuses an unknown user', async () => {
    const { registry } = setup();
    const userId = DEMO_PROFILE.user.userId;
    const next = structuredClone(DEMO_PROFILE);
    next.twitch.stream.title = 'New title';
    next.overlays = { game: 'stolen', tool: 'stolen', background: 'stolen', event: 'stolen' };
    expect(await registry.replaceProfile(userId, next)).toBe(true);
    const stored = await registry.profile(userId);
    expect(stored?.twitch.stream.title).toBe('New title');
    expect(stored?.overlays).toEqual(DEMO_OVERLAY_IDS);
    expect(await registry.replaceProfile('999999', next)).toBe(false);
  });
});
