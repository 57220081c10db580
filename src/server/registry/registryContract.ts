import { describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_TOKENS } from './demoSeed.ts';
import { describeProfileContract } from './profileContract.ts';
import type { Registry } from './Registry.ts';
import { describeTwitchContract } from './twitchContract.ts';

export interface RegistryContractOptions {
  tokenTtlMs: number;
  maxTokensPerOverlay: number;
  now: () => number;
  randomToken: () => string;
}

/**
 * Opens two registries on one fresh shared state, both from the demo seed:
 * two API instances on one Redis, or (for a registry of one process) the same
 * registry twice.
 */
export type OpenRegistryPair = (options: RegistryContractOptions) => Promise<[Registry, Registry]>;

function world() {
  let now = Date.parse('2025-01-01T00:00:00.000Z');
  let counter = 0;
  const prefix = Math.random().toString(36).slice(2);
  const options = { tokenTtlMs: 60_000, maxTokensPerOverlay: 3, now: () => now, randomToken: () => `issued-${prefix}-${++counter}` };
  return { options, advance: (ms: number) => (now += ms) };
}

/** The behaviour every `Registry` must have; each registry's test file calls this once. */
export function describeRegistryContract(label: string, openPair: OpenRegistryPair): void {
  describe(`Registry contract: ${label}`, () => {
    it('resolves seed tokens on every instance; they never expire', async () => {
      const { options, advance } = world();
      const [, second] = await openPair(options);
      advance(10 * 365 * 24 * 3600_000);
      expect(await second.resolveToken(DEMO_TOKENS.tool)).toEqual({ userId: '40917221', context: 'overlay', overlay: 'tool', expiresAt: null });
      expect(await second.resolveToken(DEMO_TOKENS.website)).toEqual({ userId: '40917221', context: 'website', expiresAt: null });
      expect(await second.resolveToken('nope')).toBeUndefined();
    });

    it("resolves the profile's Stream Deck token on every instance; a replaced profile's token replaces it", async () => {
      const { options, advance } = world();
      const [first, second] = await openPair(options);
      const deck = DEMO_PROFILE.streamdeck.token;
      advance(10 * 365 * 24 * 3600_000);
      expect(await second.resolveToken(deck)).toEqual({ userId: '40917221', context: 'streamdeck', expiresAt: null });
      const next = { ...structuredClone(DEMO_PROFILE), streamdeck: { token: `deck-${Math.random()}` } };
      expect(await first.replaceProfile('40917221', next)).toBe(true);
      expect(await second.resolveToken(next.streamdeck.token)).toEqual({ userId: '40917221', context: 'streamdeck', expiresAt: null });
      expect(await second.resolveToken(deck)).toBeUndefined();
      await first.replaceProfile('40917221', { ...structuredClone(DEMO_PROFILE), streamdeck: {} } as typeof DEMO_PROFILE);
      expect(await second.resolveToken(next.streamdeck.token)).toBeUndefined();
      await first.replaceProfile('40917221', structuredClone(DEMO_PROFILE));
    });

    it('keeps at most maxTokensPerOverlay live tokens per overlay id across instances, dropping the oldest', async () => {
      const { options, advance } = world();
      const [first, second] = await openPair(options);
      const other = (await first.exchangeOverlayId(DEMO_OVERLAY_IDS.game))!.token;
      const tokens: string[] = [];
      for (let i = 0; i < 5; i++) {
        tokens.push((await (i % 2 ? first : second).exchangeOverlayId(DEMO_OVERLAY_IDS.tool))!.token);
        advance(1);
      }
      const alive = await Promise.all(tokens.map(async (token) => (await second.resolveToken(token)) !== undefined));
      expect(alive).toEqual([false, false, true, true, true]);
      expect(await first.resolveToken(other)).toMatchObject({ overlay: 'game' });
    });

    it('a token exchanged on one instance is valid on the other until its expiry', async () => {
      const { options, advance } = world();
      const [first, second] = await openPair(options);
      const issued = await first.exchangeOverlayId(DEMO_OVERLAY_IDS.event);
      expect(issued).toMatchObject({ userId: '40917221', context: 'overlay', overlay: 'event', expiresAt: '2025-01-01T00:01:00.000Z' });
      const { token, ...grant } = issued!;
      expect(await second.resolveToken(token)).toEqual(grant);
      advance(59_999);
      expect(await second.resolveToken(token)).toEqual(grant);
      advance(1);
      expect(await second.resolveToken(token)).toBeUndefined();
      expect(await first.resolveToken(token)).toBeUndefined();
    });

    it('answers undefined for an unknown overlay id, user or token', async () => {
      const [first] = await openPair(world().options);
      expect(await first.exchangeOverlayId('unknown')).toBeUndefined();
      expect(await first.profile('1')).toBeUndefined();
      expect(await first.resolveToken('issued-never')).toBeUndefined();
    });

    it('a profile replaced on one instance shows on the other; overlay ids stay as seeded', async () => {
      const [first, second] = await openPair(world().options);
      expect(await second.profile(DEMO_PROFILE.user.userId)).toEqual(DEMO_PROFILE);
      const next = structuredClone(DEMO_PROFILE);
      next.twitch.stream.title = 'Replaced';
      next.overlays = { game: 'x', tool: 'x', background: 'x', event: 'x' };
      expect(await first.replaceProfile(DEMO_PROFILE.user.userId, next)).toBe(true);
      expect(await second.profile(DEMO_PROFILE.user.userId)).toEqual({ ...next, overlays: DEMO_OVERLAY_IDS });
      expect(await first.replaceProfile('999999', next)).toBe(false);
      expect(await second.exchangeOverlayId('x')).toBeUndefined();
    });

    describeProfileContract(openPair, world);
    describeTwitchContract(openPair, world);
  });
}
