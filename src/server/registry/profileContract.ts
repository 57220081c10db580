import { expect, it } from 'vitest';
import type { Profile } from '../../api/index.ts';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_TOKENS } from './demoSeed.ts';
import type { OpenRegistryPair, RegistryContractOptions } from './registryContract.ts';

const userId = DEMO_PROFILE.user.userId;

/** A user made by sign-in: fresh overlay ids, Stream Deck token and Twitch id. */
export function newUser(id: string, suffix = Math.random().toString(36).slice(2)): Profile {
  const profile = structuredClone(DEMO_PROFILE);
  profile.user.userId = id;
  profile.overlays = { game: `g-${suffix}`, tool: `t-${suffix}`, background: `b-${suffix}`, event: `e-${suffix}` };
  profile.streamdeck = { token: `deck-${suffix}` };
  profile.twitch.user.id = `tw${id}`;
  return profile;
}

/** The stored profile's part of the registry contract: tags, compare-and-set, rotations, layouts, new users. */
export function describeProfileContract(openPair: OpenRegistryPair, world: () => { options: RegistryContractOptions }): void {
  it('tags the profile; a change with a stale If-Match changes nothing, one with the current tag wins once', async () => {
    const [first, second] = await openPair(world().options);
    const tagged = (await second.taggedProfile(userId))!;
    expect(tagged.value).toEqual(DEMO_PROFILE);
    expect(tagged.etag).toMatch(/^"[\w-]+"$/);
    const select = (game: string) => (p: Profile) => ({ ...p, selected: { ...p.selected, game } });
    const results = await Promise.all([first.updateProfile(userId, select('a'), tagged.etag), second.updateProfile(userId, select('b'), tagged.etag)]);
    expect(results.filter((result) => result === 'stale')).toHaveLength(1);
    const winner = results.find((result) => typeof result === 'object')!;
    expect(await first.taggedProfile(userId)).toEqual(winner);
    expect(winner.etag).not.toBe(tagged.etag);
    expect(await first.updateProfile(userId, select('c'), tagged.etag)).toBe('stale');
    expect((await second.profile(userId))?.selected.game).toBe(winner.value.selected.game);
    expect(await first.updateProfile('999999', select('c'))).toBeUndefined();
  });

  it('loses no change when writers race without If-Match; a change keeps the overlay ids and Stream Deck token', async () => {
    const [first, second] = await openPair(world().options);
    const tools = ['x.tool.a', 'x.tool.b', 'x.tool.c', 'x.tool.d', 'x.tool.e', 'x.tool.f'];
    await Promise.all(
      tools.map((tool, i) => (i % 2 ? first : second).updateProfile(userId, (p) => ({ ...p, favs: { ...p.favs, tools: [...p.favs.tools, tool] } }))),
    );
    expect([...(await first.profile(userId))!.favs.tools].sort()).toEqual(['demo.tool.counter', ...tools]);
    await first.updateProfile(userId, (p) => ({ ...p, overlays: { ...p.overlays, game: 'stolen' }, streamdeck: { token: 'stolen' } }));
    expect((await second.profile(userId))?.overlays).toEqual(DEMO_OVERLAY_IDS);
    expect(await second.resolveToken('stolen')).toBeUndefined();
  });

  it('a rotated overlay id is unknown on every instance, and so is every token exchanged from it; seed tokens keep working', async () => {
    const [first, second] = await openPair(world().options);
    const old = (await second.exchangeOverlayId(DEMO_OVERLAY_IDS.tool))!.token;
    const other = (await second.exchangeOverlayId(DEMO_OVERLAY_IDS.game))!.token;
    const fresh = (await first.rotateOverlayId(userId, 'tool'))!;
    expect(fresh.length).toBeGreaterThanOrEqual(22);
    expect((await second.profile(userId))?.overlays.tool).toBe(fresh);
    expect(await second.exchangeOverlayId(DEMO_OVERLAY_IDS.tool)).toBeUndefined();
    expect(await second.resolveToken(old)).toBeUndefined();
    expect(await second.resolveToken(other)).toMatchObject({ overlay: 'game' });
    expect(await second.exchangeOverlayId(fresh)).toMatchObject({ userId, overlay: 'tool' });
    expect(await second.resolveToken(DEMO_TOKENS.tool)).toMatchObject({ overlay: 'tool' });
    expect(await first.rotateOverlayId('999999', 'tool')).toBeUndefined();
  });

  it('a rotated Stream Deck token is invalid at once on every instance', async () => {
    const [first, second] = await openPair(world().options);
    const fresh = (await first.rotateStreamdeckToken(userId))!;
    expect(fresh.length).toBeGreaterThanOrEqual(22);
    expect(await second.resolveToken(DEMO_PROFILE.streamdeck.token)).toBeUndefined();
    expect(await second.resolveToken(fresh)).toEqual({ userId, context: 'streamdeck', expiresAt: null });
    expect((await second.profile(userId))?.streamdeck.token).toBe(fresh);
  });

  it('stores layouts per kind with their tags; a stale If-Match changes nothing', async () => {
    const [first, second] = await openPair(world().options);
    const empty = await second.layout(userId, 'tool');
    expect(empty.value).toEqual({});
    const boxes = { 'demo.tool.counter': { x: 10, y: 20, width: 300, height: 100 } };
    const stored = await first.replaceLayout(userId, 'tool', boxes, empty.etag);
    expect(stored).toEqual({ value: boxes, etag: expect.stringMatching(/^"/) });
    expect(await second.layout(userId, 'tool')).toEqual(stored);
    expect((await second.layout(userId, 'game')).value).toEqual({});
    expect(await second.replaceLayout(userId, 'tool', {}, empty.etag)).toBe('stale');
    const races = await Promise.all([first.replaceLayout(userId, 'event', boxes, empty.etag), second.replaceLayout(userId, 'event', { other: boxes['demo.tool.counter'] }, empty.etag)]);
    expect(races.filter((result) => result === 'stale')).toHaveLength(1);
  });

  it('creates a user whole once; its overlay ids, Stream Deck token and Twitch id find it on every instance', async () => {
    const [first, second] = await openPair(world().options);
    const id = String(100000 + Math.floor(Math.random() * 1e6));
    const profile = newUser(id);
    expect(await first.createUser(newUser(userId))).toBe(false);
    const created = await Promise.all([first.createUser(profile), second.createUser(newUser(id))]);
    expect(created.filter(Boolean)).toHaveLength(1);
    const stored = (await second.profile(id))!;
    expect(await first.userIdByTwitchId(stored.twitch.user.id)).toBe(id);
    expect(await second.resolveToken(stored.streamdeck.token)).toEqual({ userId: id, context: 'streamdeck', expiresAt: null });
    expect(await second.exchangeOverlayId(stored.overlays.event)).toMatchObject({ userId: id, overlay: 'event' });
    expect(await first.userIdByTwitchId(DEMO_PROFILE.twitch.user.id)).toBe(userId);
    expect(await first.userIdByTwitchId('0')).toBeUndefined();
  });
}
