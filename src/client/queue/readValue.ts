import { type Json, OverlayError, type ResolvedKey } from '../../api/index.ts';
import { classifyFailure } from '../retry/index.ts';
import type { ApiClient } from '../http/index.ts';
import type { ModuleSnapshots } from './createModuleSnapshots.ts';
import type { QueueFront } from './createQueueStore.ts';

export interface ReadDeps {
  records: QueueFront;
  client: Pick<ApiClient, 'dbGet'>;
  now(): number;
  /** Told whether the API answered the read (true) or could not be reached (false). */
  onContact(reached: boolean): void;
  /** Answers reads from one read of all of a module's keys, where the API allows it. */
  snapshots?: ModuleSnapshots;
}

/**
 * Reads an entry: this module's own pending write first (read-your-writes),
 * then its module's snapshot (see createModuleSnapshots), then the server
 * (each refreshing the confirmed copy), then the last confirmed
 * value when the server cannot answer, else `UNAVAILABLE`. Never makes up an
 * "unset": `undefined` only when the server said so, now or before.
 */
export async function readValue(deps: ReadDeps, ownId: string, key: string, target: ResolvedKey): Promise<Json | undefined> {
  const pending = await deps.records.pending(target.moduleId, target.name);
  // A parked write was refused by the server: the server's value is the truth then.
  if (pending && !pending.failed) return pending.value;
  const known = await deps.snapshots?.answer(target);
  if (known) {
    if (known.first) await deps.records.saveRead(target.moduleId, target.name, known.value, known.at);
    return known.value;
  }
  const startedAt = deps.now();
  let value: Json | undefined;
  try {
    value = await deps.client.dbGet(ownId, key);
  } catch (error) {
    return lastConfirmed(deps, error, key, target);
  }
  deps.onContact(true);
  await deps.records.saveRead(target.moduleId, target.name, value, startedAt);
  return value;
}

async function lastConfirmed(deps: ReadDeps, error: unknown, key: string, target: ResolvedKey): Promise<Json | undefined> {
  const kind = classifyFailure(error);
  // The server answered and refused this read (400, 413...): that answer stands.
  if (kind === 'park') throw error;
  if (kind === 'retry') deps.onContact(false);
  const confirmed = await deps.records.confirmed(target.moduleId, target.name);
  if (confirmed) return confirmed.found ? confirmed.value : undefined;
  if (kind === 'auth') throw error;
  throw new OverlayError('UNAVAILABLE', `"${key}" cannot be read now: the API is out of reach and no value of it was confirmed before`);
}
