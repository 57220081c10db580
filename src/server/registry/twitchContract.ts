import { expect, it } from 'vitest';
import type { Profile } from '../../api/index.ts';
import { DEMO_PROFILE } from './demoSeed.ts';
import { newUser } from './profileContract.ts';
import type { OpenRegistryPair, RegistryContractOptions } from './registryContract.ts';
import type { Registry } from './Registry.ts';

/** A fresh numeric user id, unique across the contract's runs on one store. */
const freshId = () => String(200000 + Math.floor(Math.random() * 1e9));

/** A user made on the home page or by `npm start`: no Twitch user yet. */
function userWithoutTwitch(id: string): Profile {
  const profile = newUser(id);
  profile.twitch.user.id = '';
  return profile;
}

const withTwitch = (twitchId: string) => (profile: Profile) => ({ ...profile, twitch: { ...profile.twitch, user: { ...profile.twitch.user, id: twitchId } } });

/** Users who made their accounts on the given registry, without a Twitch user. */
async function accounts(registry: Registry, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, freshId);
  for (const id of ids) expect(await registry.createUser(userWithoutTwitch(id))).toBe(true);
  return ids;
}

/** One Twitch user id belongs to at most one account, whichever instance writes (issue: Connect Twitch took over sign-ins). */
export function describeTwitchContract(openPair: OpenRegistryPair, world: () => { options: RegistryContractOptions }): void {
  it('a Twitch id held by one account cannot be taken by another: not by bindTwitch, a profile change or a new user', async () => {
    const [first, second] = await openPair(world().options);
    const owner = freshId();
    const twitchId = `tw${owner}`;
    expect(await first.createUser(newUser(owner))).toBe(true);
    const [other] = await accounts(second, 1);
    const before = await second.profile(other!);
    expect(await second.bindTwitch(other!, { id: twitchId, login: 'someone' })).toBe('taken');
    expect(await first.updateProfile(other!, withTwitch(twitchId))).toBe('taken');
    expect(await first.replaceProfile(other!, withTwitch(twitchId)(before!))).toBe('taken');
    const copy = newUser(freshId());
    copy.twitch.user.id = twitchId;
    expect(await second.createUser(copy)).toBe(false);
    expect(await first.profile(copy.user.userId)).toBeUndefined();
    expect(await first.profile(other!)).toEqual(before);
    expect(await second.userIdByTwitchId(twitchId)).toBe(owner);
  });

  it('two instances binding one Twitch id to different accounts at once: exactly one wins', async () => {
    const [first, second] = await openPair(world().options);
    const ids = await accounts(first, 6);
    const twitchId = `race${freshId()}`;
    const results = await Promise.all(ids.map((id, i) => (i % 2 ? first : second).bindTwitch(id, { id: twitchId, login: 'raced' })));
    expect(results.filter((result) => result === 'bound')).toHaveLength(1);
    expect(results.filter((result) => result === 'taken')).toHaveLength(ids.length - 1);
    const winner = ids[results.indexOf('bound')]!;
    expect(await first.userIdByTwitchId(twitchId)).toBe(winner);
    expect(await second.userIdByTwitchId(twitchId)).toBe(winner);
    for (const id of ids.filter((each) => each !== winner)) expect((await second.profile(id))?.twitch.user.id).toBe('');
  });

  it('binding sets the id and login; binding another Twitch user frees the first for other accounts', async () => {
    const [first, second] = await openPair(world().options);
    const [a, b] = await accounts(first, 2);
    const [x, y] = [`x${freshId()}`, `y${freshId()}`];
    expect(await first.bindTwitch(a!, { id: x, login: 'x_login' })).toBe('bound');
    expect((await second.profile(a!))?.twitch.user).toMatchObject({ id: x, name: 'x_login' });
    expect(await second.bindTwitch(a!, { id: x, login: 'x_login' })).toBe('bound');
    expect(await second.bindTwitch(b!, { id: x, login: 'x_login' })).toBe('taken');
    expect(await second.bindTwitch(a!, { id: y, login: 'y_login' })).toBe('bound');
    expect(await first.userIdByTwitchId(x)).toBeUndefined();
    expect(await second.bindTwitch(b!, { id: x, login: 'x_login' })).toBe('bound');
    expect(await first.userIdByTwitchId(x)).toBe(b);
    expect(await first.userIdByTwitchId(y)).toBe(a);
    expect(await first.bindTwitch('999999999999', { id: `z${freshId()}`, login: 'z' })).toBeUndefined();
  });

  it('an account made by signing in with Twitch X (its user id is X) connects X only', async () => {
    const [first, second] = await openPair(world().options);
    const id = freshId();
    const profile = newUser(id);
    profile.twitch.user.id = id;
    expect(await first.createUser(profile)).toBe(true);
    expect(await second.bindTwitch(id, { id: `other${freshId()}`, login: 'other' })).toBe('own');
    expect(await second.bindTwitch(id, { id, login: 'self' })).toBe('bound');
    expect(await first.profile(id)).toEqual(profile);
    expect(await first.userIdByTwitchId(id)).toBe(id);
    // A seeded user whose id is its Twitch id (the demo's) was not made by signing in: it may connect another.
    const other = `other${freshId()}`;
    expect(await first.bindTwitch(DEMO_PROFILE.user.userId, { id: other, login: 'other' })).toBe('bound');
    expect(await second.userIdByTwitchId(other)).toBe(DEMO_PROFILE.user.userId);
    expect(await second.userIdByTwitchId(DEMO_PROFILE.twitch.user.id)).toBeUndefined();
  });

  it('a change that keeps the Twitch id never fails on it, and a profile that lets go of it frees it', async () => {
    const [first, second] = await openPair(world().options);
    const owner = freshId();
    expect(await first.createUser(newUser(owner))).toBe(true);
    const changed = await second.updateProfile(owner, (p) => ({ ...p, selected: { ...p.selected, game: 'x.game' } }));
    expect(changed).toMatchObject({ value: { selected: { game: 'x.game' } } });
    expect(await second.updateProfile(owner, withTwitch(''))).toMatchObject({ value: { twitch: { user: { id: '' } } } });
    const [other] = await accounts(first, 1);
    expect(await first.bindTwitch(other!, { id: `tw${owner}`, login: 'next' })).toBe('bound');
  });
}
