export { createProfileCache } from './createProfileCache.ts';
export type { CachedProfile, ProfileCache } from './createProfileCache.ts';
