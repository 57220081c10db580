import type { SoakClient } from './SoakClient.ts';
import type { ProfileSlot, SlotState } from './soakProfile.ts';
import type { SoakUser } from './soakSeed.ts';
import type { OwnedKey } from './SoakWriter.ts';
import { parseSoakValue } from './soakValue.ts';

/** What the server holds at the end: per user, per key, the stored JSON (undefined: never set). */
export type ServerView = Map<string, Map<string, string | undefined>>;

export interface ClientOfUser {
  client: SoakClient;
  user: SoakUser;
}

/** No write acked with 200 is lost: each key holds its last acked value or a later one (sequence numbers only grow). */
export function checkAckedWrites(keys: readonly OwnedKey[], server: ServerView): string[] {
  const broken: string[] = [];
  for (const { user, key, acked } of keys) {
    const last = acked[acked.length - 1];
    if (last === undefined) continue;
    const json = server.get(user.userId)?.get(key);
    const held = json === undefined ? undefined : parseSoakValue(json).n;
    if (held === undefined || held < last) broken.push(`user ${user.userId} ${key}: write ${last} was acked, the server holds ${held ?? 'nothing'}`);
  }
  return broken;
}

/** Whether a client is connected and shows exactly what the server holds. */
export function showsServer({ client, user }: ClientOfUser, server: ServerView): boolean {
  if (!client.ready) return false;
  for (const [key, json] of server.get(user.userId) ?? []) {
    if (client.shown.get(key)?.json !== json) return false;
  }
  return true;
}

/**
 * Every client's promises: connected and showing the server's values, nothing
 * heard twice or out of order (checked as it went), and every acked write
 * after its last (re-)read heard.
 */
export function checkClients(clients: readonly ClientOfUser[], server: ServerView, keys: readonly OwnedKey[]): string[] {
  const acked = new Map(keys.map((owned) => [`${owned.user.userId}/${owned.key}`, owned.acked]));
  const broken: string[] = [];
  clients.forEach((each, i) => {
    const { client, user } = each;
    const where = `client ${i} (user ${user.userId})`;
    broken.push(...client.violations.map((violation) => `${where}: ${violation}`));
    if (!showsServer(each, server)) broken.push(`${where}: ${client.ready ? 'shows other values than the server' : 'not connected at the end'}`);
    for (const key of server.get(user.userId)?.keys() ?? []) {
      const floor = client.floor.get(key);
      if (floor === undefined) {
        broken.push(`${where} ${key}: never read after its last start`);
        continue;
      }
      const heard = new Set(client.heard.get(key));
      const missed = (acked.get(`${user.userId}/${key}`) ?? []).filter((n) => n > floor && !heard.has(n));
      if (missed.length > 0) broken.push(`${where} ${key}: acked writes ${missed.slice(0, 5).join(', ')} never heard`);
    }
  });
  return broken;
}

/** What the server holds of each user's profile at the end: `GET /me`'s ETag and both slots. */
export interface ProfileOfServer {
  etag: string;
  selected: SlotState;
  layout: SlotState;
}
export type ProfileView = Map<string, ProfileOfServer>;

/** How a client's profile differs from the server's: the first difference, or undefined when it shows the server's. */
export function profileDifference({ client, user }: ClientOfUser, profiles: ProfileView): string | undefined {
  const server = profiles.get(user.userId);
  if (!server) return undefined;
  const selected = client.profile.shown.get('selected');
  const layout = client.profile.shown.get('layout');
  if (selected?.json !== server.selected.json) return `shows selection ${selected?.n ?? 'none'}, the server holds ${server.selected.n}`;
  if (selected.etag !== server.etag) return `shows the profile with ETag ${selected.etag ?? 'none'}, the server's is ${server.etag}`;
  if (layout?.json !== server.layout.json) return `shows layout ${layout?.n ?? 'none'}, the server holds ${server.layout.n}`;
  return undefined;
}

/**
 * The profile's promises: no profile write acked with 200 is lost (each slot
 * holds its last acked mark or a later one), and every client ends on the
 * server's profile (its ETag and selection) and tool layout.
 */
export function checkProfiles(clients: readonly ClientOfUser[], profiles: ProfileView, slots: readonly OwnedKey[]): string[] {
  const broken: string[] = [];
  for (const { user, key, acked } of slots) {
    const last = acked[acked.length - 1];
    const held = profiles.get(user.userId)?.[key as ProfileSlot].n;
    if (last !== undefined && (held === undefined || held < last)) broken.push(`user ${user.userId} ${key}: write ${last} was acked, the server holds ${held ?? 'nothing'}`);
  }
  clients.forEach((each, i) => {
    const difference = profileDifference(each, profiles);
    if (difference !== undefined) broken.push(`client ${i} (user ${each.user.userId}): ${difference}`);
  });
  return broken;
}
