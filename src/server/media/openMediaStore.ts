import { type DataStore, isRedisStore } from '../store/index.ts';
import { createMemoryMediaStore } from './memoryMediaStore.ts';
import type { MediaStore } from './MediaStore.ts';
import { createRedisMediaStore } from './redisMediaStore.ts';
import { createS3MediaStore } from './s3MediaStore.ts';
import type { S3MediaSpec } from './S3MediaSpec.ts';
import { createSqliteMediaStore } from './sqliteMediaStore.ts';

/** The library beside an open data store (its Redis, its SQLite file, or memory); the bytes in `bucket` when given. */
export function openMediaStore(store: DataStore, bucket?: S3MediaSpec, fetch?: typeof globalThis.fetch): MediaStore {
  const index = isRedisStore(store) ? createRedisMediaStore(store.redis) : store.kind === 'sqlite' && store.file ? createSqliteMediaStore(store.file) : createMemoryMediaStore();
  return bucket ? createS3MediaStore({ index, bucket, fetch }) : index;
}
