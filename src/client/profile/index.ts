export { createProfileCache } from './createProfileCache.ts';
export type { CachedProfile, ProfileCache, ProfileCacheOptions } from './createProfileCache.ts';
