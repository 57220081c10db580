import { type DataStore, isRedisStore } from '../store/index.ts';
import { createMemoryRegistry, type MemoryRegistryOptions } from './memoryRegistry.ts';
import { createProfileBook } from './profileBook.ts';
import type { ProfileRecords } from './ProfileRecords.ts';
import { createRedisProfileRecords } from './redisProfileRecords.ts';
import { createRedisRegistry } from './redisRegistry.ts';
import type { Registry } from './Registry.ts';
import type { Seed } from './seed.ts';
import { indexSeed } from './seedIndex.ts';
import { createSqliteProfileRecords } from './sqliteProfileRecords.ts';

export interface OpenRegistryOptions extends Pick<MemoryRegistryOptions, 'now' | 'tokenTtlMs' | 'maxTokensPerOverlay' | 'randomToken' | 'randomSecret'> {
  /** `--reseed`: the seed's profiles replace the stored profiles of its users. @default false */
  reseed?: boolean;
}

/**
 * The registry that goes with a data store: profiles in Redis for the redis
 * store (shared by every instance), in the same file for sqlite, in memory
 * otherwise.
 */
export async function openRegistry(store: DataStore, seed: Seed, options: OpenRegistryOptions = {}): Promise<Registry> {
  const { reseed = false, ...rest } = options;
  if (isRedisStore(store)) {
    await storeSeed(createRedisProfileRecords(store.redis), seed, reseed);
    return createRedisRegistry(seed, { redis: store.redis, ...rest });
  }
  if (store.kind !== 'sqlite' || !store.file) return createMemoryRegistry(seed, rest);
  const records = createSqliteProfileRecords(store.file);
  try {
    await storeSeed(records, seed, reseed);
  } catch (error) {
    records.close();
    throw error;
  }
  return createMemoryRegistry(seed, { ...rest, records, closeRecords: () => records.close() });
}

/** A seeded user the store does not know is stored from the seed; with `reseed`, every seeded user is. */
async function storeSeed(records: ProfileRecords, seed: Seed, reseed: boolean): Promise<void> {
  if (reseed) await reseedRecords(records, seed);
  else await createProfileBook(records, indexSeed(seed)).storeMissing();
}

/** Writes every seeded profile over the stored one (its index moved with it). */
export async function reseedRecords(records: ProfileRecords, seed: Seed): Promise<void> {
  await createProfileBook(records, indexSeed(seed)).reseed();
}
