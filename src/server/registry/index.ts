export { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS } from './demoSeed.ts';
export { entityTag, ifMatchAllows, type Tagged } from './entityTag.ts';
export { freshOverlayId, freshSecret } from './freshSecret.ts';
export {
  createMemoryRegistry,
  DEFAULT_MAX_TOKENS_PER_OVERLAY,
  DEFAULT_TOKEN_TTL_MS,
  type MemoryRegistryOptions,
} from './memoryRegistry.ts';
export { createMemoryProfileRecords } from './memoryProfileRecords.ts';
export { type OpenRegistryOptions, openRegistry, reseedRecords } from './openRegistry.ts';
export type { ProfileChange, ProfileUpdate } from './profileBook.ts';
export type { IndexChange, ProfileRecords, RecordWrite } from './ProfileRecords.ts';
export { createRedisProfileRecords } from './redisProfileRecords.ts';
export { createRedisRegistry, type RedisRegistryOptions } from './redisRegistry.ts';
export type { IssuedToken, ProfileStore, Registry, TokenGrant, TokenRegistry } from './Registry.ts';
export { createSqliteProfileRecords, type SqliteProfileRecords } from './sqliteProfileRecords.ts';
export { tokenDigest } from './tokenDigest.ts';
export { MIN_OVERLAY_ID_LENGTH, shortOverlayIds } from './shortOverlayIds.ts';
export { loadSeedFile, parseSeed, type Seed, SeedError, SeedSchema, type SeedToken } from './seed.ts';
