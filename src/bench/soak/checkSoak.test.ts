import { describe, expect, it } from 'vitest';
import { checkAckedWrites, checkClients, checkProfiles, type ProfileView, type ServerView } from './checkSoak.ts';
import { SoakClient } from './SoakClient.ts';
import { markId, type ProfileSlot, profileBody, slotState } from './soakProfile.ts';
import type { OwnedKey } from './SoakWriter.ts';

const user = { userId: '1', token: 't', websiteToken: 'w' };
const value = (n: number) => JSON.stringify({ n, t: 0 });
const server: ServerView = new Map([['1', new Map([['k0', value(5)]])]]);
const owned = (acked: number[]): OwnedKey[] => [{ user, key: 'k0', next: 9, acked, busyUntil: 0 }];

/** A client never connected anywhere; its profile reads answer `answers` (the whole `GET /me`, or the layout). */
function idleClient(answers: Partial<Record<ProfileSlot, { json: string; etag: string }>> = {}, onProfileDelivery = (_slot: ProfileSlot, _ms: number) => {}): SoakClient {
  const readProfile = async (_token: string, slot: ProfileSlot) => {
    const answer = answers[slot];
    if (!answer) throw new Error('no answer');
    return answer;
  };
  return new SoakClient({ url: 'ws://unused', token: 't', keys: ['k0'], read: async () => undefined, onDelivery() {}, onReconnect() {}, readProfile, onProfileDelivery });
}

/** A client in a given final state, never connected anywhere. */
function clientShowing(n: number, floor: number, heard: number[]): SoakClient {
  const client = idleClient();
  client.ready = true;
  client.shown.set('k0', { json: value(n), n, fromRead: false });
  client.floor.set('k0', floor);
  client.heard.set('k0', heard);
  return client;
}

describe('soak checks', () => {
  it('an acked write is lost when the server holds an older one (a later, unacked one is fine)', () => {
    expect(checkAckedWrites(owned([3, 5]), server)).toEqual([]);
    expect(checkAckedWrites(owned([3, 4]), server)).toEqual([]);
    expect(checkAckedWrites(owned([3, 6]), server)).toEqual(['user 1 k0: write 6 was acked, the server holds 5']);
  });

  it('a client must show the server, and have heard every acked write after its last read', () => {
    expect(checkClients([{ client: clientShowing(5, 2, [3, 4, 5]), user }], server, owned([3, 4, 5]))).toEqual([]);
    expect(checkClients([{ client: clientShowing(5, 2, [3, 5]), user }], server, owned([3, 4, 5]))).toEqual(['client 0 (user 1) k0: acked writes 4 never heard']);
    expect(checkClients([{ client: clientShowing(4, 4, []), user }], server, owned([3, 4]))).toEqual(['client 0 (user 1): shows other values than the server']);
  });
});

/** A `GET /me` body whose selection carries mark `n`, and a layout with mark `n`, both sent at `t`. */
const profileJson = (n: number, t = 1000) => JSON.stringify({ user: { userId: '1' }, selected: JSON.parse(profileBody('selected', { n, t })) });
const layoutJson = (n: number, t = 1000) => JSON.stringify({ kind: 'tool', width: 1920, height: 1080, ...JSON.parse(profileBody('layout', { n, t })) });
const profiles = (n: number, layout: number, etag = '"e7"'): ProfileView =>
  new Map([['1', { etag, selected: slotState('selected', profileJson(n)), layout: slotState('layout', layoutJson(layout)) }]]);
const slots = (selected: number[], layout: number[]): OwnedKey[] => [
  { user, key: 'selected', next: 9, acked: selected, busyUntil: 0 },
  { user, key: 'layout', next: 9, acked: layout, busyUntil: 0 },
];
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A client that heard `profile` and `layout` and read what `answers` hold. */
async function clientFollowing(selected: number, layout: number, etag = '"e7"'): Promise<SoakClient> {
  const client = idleClient({ selected: { json: profileJson(selected), etag }, layout: { json: layoutJson(layout), etag: '"l1"' } });
  client.profile.onReady();
  await settled();
  return client;
}

describe('soak profile checks', () => {
  it('marks a write in a module id, and reads it back from GET /me and from a layout', () => {
    expect(markId({ n: 3, t: 1700 })).toBe('soak.tool.n3.t1700');
    expect(slotState('selected', profileJson(3, 1700))).toMatchObject({ n: 3, t: 1700 });
    expect(slotState('layout', layoutJson(4, 1800))).toMatchObject({ n: 4, t: 1800 });
    expect(slotState('selected', JSON.stringify({ selected: { tools: ['demo.tool.counter'] } }))).toMatchObject({ n: 0, t: 0 });
  });

  it('a client must end on the server\'s selection, profile ETag and layout', async () => {
    const each = async (selected: number, layout: number, etag?: string) => [{ client: await clientFollowing(selected, layout, etag), user }];
    expect(checkProfiles(await each(5, 6), profiles(5, 6), slots([5], [6]))).toEqual([]);
    expect(checkProfiles(await each(4, 6), profiles(5, 6), slots([5], [6]))).toEqual(['client 0 (user 1): shows selection 4, the server holds 5']);
    expect(checkProfiles(await each(5, 6, '"e6"'), profiles(5, 6), slots([5], [6]))).toEqual(['client 0 (user 1): shows the profile with ETag "e6", the server\'s is "e7"']);
    expect(checkProfiles(await each(5, 2), profiles(5, 6), slots([5], [6]))).toEqual(['client 0 (user 1): shows layout 2, the server holds 6']);
    expect(checkProfiles([{ client: idleClient(), user }], profiles(5, 6), [])).toEqual(['client 0 (user 1): shows selection none, the server holds 5']);
  });

  it('an acked profile write is lost when its slot holds an older mark', () => {
    expect(checkProfiles([], profiles(5, 6), slots([3, 5], [6]))).toEqual([]);
    expect(checkProfiles([], profiles(5, 6), slots([3, 4], []))).toEqual([]);
    expect(checkProfiles([], profiles(5, 6), slots([6], [7]))).toEqual(['user 1 selected: write 6 was acked, the server holds 5', 'user 1 layout: write 7 was acked, the server holds 6']);
  });

  it('a layout message and a slow read: the larger mark wins, and each new mark is timed once', async () => {
    const delivered: string[] = [];
    const client = idleClient({ selected: { json: profileJson(2), etag: '"e2"' }, layout: { json: layoutJson(3), etag: '"l3"' } }, (slot) => delivered.push(slot));
    client.profile.onLayout(JSON.parse(layoutJson(5)));
    client.profile.onReady();
    await settled();
    expect(client.profile.shown.get('layout')?.n).toBe(5);
    expect(client.profile.shown.get('selected')).toMatchObject({ n: 2, etag: '"e2"' });
    expect(delivered).toEqual(['layout', 'selected']);
  });
});
