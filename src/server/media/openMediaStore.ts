import { type DataStore, isRedisStore } from '../store/index.ts';
import { withMediaCache } from './cachedMediaStore.ts';
import { createMemoryMediaStore } from './memoryMediaStore.ts';
import type { MediaStore } from './MediaStore.ts';
import { createRedisMediaStore } from './redisMediaStore.ts';
import { createS3MediaStore } from './s3MediaStore.ts';
import type { S3MediaSpec } from './S3MediaSpec.ts';
import { createSqliteMediaStore } from './sqliteMediaStore.ts';

/**
 * The library beside an open data store (its Redis, its SQLite file, or memory); the bytes in `bucket`
 * when given. Small files read from SQLite or Redis are kept in a cache of this process (withMediaCache).
 */
export function openMediaStore(store: DataStore, bucket?: S3MediaSpec, fetch?: typeof globalThis.fetch): MediaStore {
  if (isRedisStore(store)) return inBucketOrCached(createRedisMediaStore(store.redis), bucket, fetch);
  if (store.kind === 'sqlite' && store.file) return inBucketOrCached(createSqliteMediaStore(store.file), bucket, fetch);
  const index = createMemoryMediaStore();
  return bucket ? createS3MediaStore({ index, bucket, fetch }) : index;
}

function inBucketOrCached(index: MediaStore, bucket: S3MediaSpec | undefined, fetch: typeof globalThis.fetch | undefined): MediaStore {
  return bucket ? createS3MediaStore({ index, bucket, fetch }) : withMediaCache(index);
}
