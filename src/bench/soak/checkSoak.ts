import type { SoakClient } from './SoakClient.ts';
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
