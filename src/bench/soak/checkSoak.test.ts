import { describe, expect, it } from 'vitest';
import { checkAckedWrites, checkClients, type ServerView } from './checkSoak.ts';
import { SoakClient } from './SoakClient.ts';
import type { OwnedKey } from './SoakWriter.ts';

const user = { userId: '1', token: 't' };
const value = (n: number) => JSON.stringify({ n, t: 0 });
const server: ServerView = new Map([['1', new Map([['k0', value(5)]])]]);
const owned = (acked: number[]): OwnedKey[] => [{ user, key: 'k0', next: 9, acked, busyUntil: 0 }];

/** A client in a given final state, never connected anywhere. */
function clientShowing(n: number, floor: number, heard: number[]): SoakClient {
  const client = new SoakClient({ url: 'ws://unused', token: 't', keys: ['k0'], read: async () => undefined, onDelivery() {}, onReconnect() {} });
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
