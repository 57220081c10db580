import { AwsClient } from 'aws4fetch';
import { StoreUnavailableError } from '../store/index.ts';
import type { MediaStore } from './MediaStore.ts';
import type { S3MediaSpec } from './S3MediaSpec.ts';

export interface S3MediaStoreOptions {
  /** The library's index, in the data store; it is given the records only, never the bytes. */
  index: MediaStore;
  bucket: S3MediaSpec;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

const EMPTY = new Uint8Array(0);

/**
 * The bytes in an S3-compatible bucket, the index (and so the quota) in the data store. An object is
 * written before its record and deleted before it: an object no record names can be left by a crash,
 * a record whose object is missing never is (its URL would answer 404).
 */
export function createS3MediaStore({ index, bucket, fetch = globalThis.fetch }: S3MediaStoreOptions): MediaStore {
  const aws = new AwsClient({ accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey, region: bucket.region, service: 's3' });
  const base = bucket.endpoint ? `${bucket.endpoint}/${bucket.bucket}/` : `https://${bucket.bucket}.s3.${bucket.region}.amazonaws.com/`;
  const objectUrl = (id: string) => `${base}${bucket.prefix}${id}`;
  const send = async (id: string, init: RequestInit, ok: number[]) => {
    let response: Response;
    try {
      response = await fetch(await aws.sign(objectUrl(id), init));
    } catch (error) {
      throw new StoreUnavailableError(`media bucket unreachable: ${(error as Error).message}`);
    }
    if (!ok.includes(response.status)) {
      await response.body?.cancel();
      throw new StoreUnavailableError(`media bucket answered ${response.status} to ${init.method ?? 'GET'}`);
    }
    return response;
  };
  return {
    place: 's3',
    async add(record, bytes, quota) {
      await send(record.id, { method: 'PUT', body: bytes as BodyInit, headers: { 'Content-Type': record.type } }, [200]);
      const outcome = await index.add(record, EMPTY, quota).catch(async (error: unknown) => {
        await send(record.id, { method: 'DELETE' }, [200, 204]).catch(() => {});
        throw error;
      });
      if (!outcome.added) await send(record.id, { method: 'DELETE' }, [200, 204]);
      return outcome;
    },
    find: (id) => index.find(id),
    list: (userId) => index.list(userId),
    used: (userId) => index.used(userId),
    async read(id, start, end) {
      const response = await send(id, { headers: { Range: `bytes=${start}-${end}` } }, [200, 206, 404]);
      // A service may answer a range that covers the whole object with 200: only then is a 200 the bytes asked for.
      const whole = response.status === 200 && Number(response.headers.get('content-length')) === end - start + 1;
      if (response.status === 404 || (response.status === 200 && !whole)) {
        await response.body?.cancel();
        if (response.status === 404) return undefined;
        throw new StoreUnavailableError('media bucket ignored a byte range');
      }
      return response.body ?? undefined;
    },
    async remove(userId, id) {
      const record = await index.find(id);
      if (record?.userId !== userId) return undefined;
      await send(id, { method: 'DELETE' }, [200, 204]);
      return index.remove(userId, id);
    },
    close: () => index.close(),
  };
}
