import type { Json, ResolvedKey } from '../../api/index.ts';
import type { ApiClient } from '../http/index.ts';
import type { QueueFront } from './createQueueStore.ts';

export interface ModuleSnapshotsOptions {
  client: Pick<ApiClient, 'dbValues'>;
  records: Pick<QueueFront, 'confirmed'>;
  now(): number;
  /** Told that the API answered (a snapshot arrived). */
  onContact(reached: boolean): void;
  /** How long a snapshot answers reads; the next read after it takes a new one. @default SNAPSHOT_TRUST_MS */
  trustMs?: number;
}

/**
 * A snapshot answers the reads of a start. Later, only the keys a page read or
 * wrote are kept current (live changes, polling): a key read for the first time
 * much later, or after a gap in the live connection, needs a fresh snapshot.
 */
export const SNAPSHOT_TRUST_MS = 10_000;

/** A read answered without asking the server for its key; `first` for the key's first such answer. */
export interface KnownValue {
  value: Json | undefined;
  /** When the server's answer it rests on was asked for: the confirmed copy takes it from then. */
  at: number;
  first: boolean;
}

/**
 * One read of all of a module's keys at its first read, instead of one per
 * key: the first read of each key is answered from it, and a key that was
 * never set costs no request at all, then or later (no 404 in the console).
 * What the page learned since the snapshot (a confirmed write, a live change,
 * both kept in the confirmed copy) wins over it. An API without the endpoint
 * gets today's reads, one per key. A snapshot answers for `trustMs`; a read
 * after that takes a new one (one request per module again, never one per key).
 */
export interface ModuleSnapshots {
  /** The answer for a read of `target`, or null: ask the server for the key. */
  answer(target: ResolvedKey): Promise<KnownValue | null>;
}

interface Snapshot {
  at: number;
  values: Map<string, Json>;
  /** Names whose first read it answered. */
  served: Set<string>;
}

export function createModuleSnapshots(options: ModuleSnapshotsOptions): ModuleSnapshots {
  const snapshots = new Map<string, Promise<Snapshot | null>>();
  let hasEndpoint: boolean | undefined;
  /** The first request, while it has not told whether the API has the endpoint: the others wait for it. */
  let probe: Promise<unknown> | null = null;

  async function take(moduleId: string): Promise<Snapshot | null> {
    while (hasEndpoint === undefined && probe) await probe;
    if (hasEndpoint === false) return null;
    const at = options.now();
    const asked = options.client.dbValues(moduleId);
    const probing = hasEndpoint === undefined;
    if (probing) probe = asked.catch(() => undefined);
    try {
      const values = await asked;
      hasEndpoint = values !== undefined;
      if (!values) return null;
      options.onContact(true);
      return { at, values: new Map(Object.entries(values)), served: new Set() };
    } catch {
      // Offline, no token yet: the read of the key decides what that means; the next first read asks again.
      return null;
    } finally {
      if (probing) probe = null;
    }
  }

  /** The module's snapshot: the one being taken, a trusted one, or a new one; null when none could be taken. */
  async function snapshotOf(moduleId: string): Promise<Snapshot | null> {
    const current = snapshots.get(moduleId);
    if (current) {
      const taken = await current;
      // Not taken: this read asks for its key, the next one tries again.
      if (!taken || options.now() - taken.at <= (options.trustMs ?? SNAPSHOT_TRUST_MS)) return taken;
      const newer = snapshots.get(moduleId);
      if (newer && newer !== current) return newer;
    }
    const taking = take(moduleId);
    snapshots.set(moduleId, taking);
    const snapshot = await taking;
    if (!snapshot && snapshots.get(moduleId) === taking) snapshots.delete(moduleId);
    return snapshot;
  }

  return {
    async answer(target) {
      const snapshot = await snapshotOf(target.moduleId);
      if (!snapshot) return null;
      const confirmed = await options.records.confirmed(target.moduleId, target.name);
      const newer = confirmed !== undefined && confirmed.at >= snapshot.at;
      const isSet = newer ? confirmed.found : snapshot.values.has(target.name);
      const first = !snapshot.served.has(target.name);
      snapshot.served.add(target.name);
      if (isSet && !first) return null;
      const value = newer ? confirmed.value : snapshot.values.get(target.name);
      return { value: isSet ? value : undefined, at: newer ? confirmed.at : snapshot.at, first };
    },
  };
}
