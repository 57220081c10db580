export type { AddOutcome, MediaRecord, MediaStore } from './MediaStore.ts';
export { DEFAULT_MEDIA_LIMITS, formatBytes, type MediaLimits, MIB, resolveMediaLimits } from './MediaLimits.ts';
export { createMemoryMediaStore } from './memoryMediaStore.ts';
export { createSqliteMediaStore } from './sqliteMediaStore.ts';
export { createRedisMediaStore, MEDIA_KEYS } from './redisMediaStore.ts';
export { createS3MediaStore, type S3MediaStoreOptions } from './s3MediaStore.ts';
export { parseS3MediaSpec, type S3MediaSpec } from './S3MediaSpec.ts';
export { openMediaStore } from './openMediaStore.ts';
export { ACCEPTED_FORMATS, contradicts, type SniffedMedia, sniffMedia } from './sniffMedia.ts';
