import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store/index.ts';
import { patternBytes, sampleRecord } from './mediaStoreContract.ts';
import { createMemoryMediaStore } from './memoryMediaStore.ts';
import { createS3MediaStore } from './s3MediaStore.ts';
import type { S3MediaSpec } from './S3MediaSpec.ts';

const SPEC: S3MediaSpec = { bucket: 'overlay-media', prefix: 'lib/', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

/** A bucket that answers every request with `answer` and records what it was asked. */
function fakeBucket(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return answer(request);
  }) as typeof globalThis.fetch;
  return { requests, fetch };
}

describe('createS3MediaStore', () => {
  it('addresses AWS virtual-hosted, another service path-style, and signs every request (SigV4)', async () => {
    const bucket = fakeBucket(() => new Response(null, { status: 200 }));
    const record = sampleRecord('u', 10);
    await createS3MediaStore({ index: createMemoryMediaStore(), bucket: SPEC, fetch: bucket.fetch }).add(record, patternBytes(10), 100);
    await createS3MediaStore({ index: createMemoryMediaStore(), bucket: { ...SPEC, endpoint: 'http://minio:9000' }, fetch: bucket.fetch }).add(record, patternBytes(10), 100);
    expect(bucket.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `PUT https://overlay-media.s3.eu-west-1.amazonaws.com/lib/${record.id}`,
      `PUT http://minio:9000/overlay-media/lib/${record.id}`,
    ]);
    for (const request of bucket.requests) expect(request.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request/);
  });

  it('takes a 200 to a range only when it holds exactly the bytes asked for', async () => {
    const index = createMemoryMediaStore();
    const record = sampleRecord('u', 10);
    await index.add(record, new Uint8Array(0), 100);
    const exact = fakeBucket(() => new Response(patternBytes(10) as BodyInit, { status: 200, headers: { 'Content-Length': '10' } }));
    const read = await createS3MediaStore({ index, bucket: SPEC, fetch: exact.fetch }).read(record.id, 0, 9);
    expect(new Uint8Array(await new Response(read as ReadableStream).arrayBuffer())).toEqual(patternBytes(10));
    const ignored = fakeBucket(() => new Response(patternBytes(10) as BodyInit, { status: 200, headers: { 'Content-Length': '10' } }));
    await expect(createS3MediaStore({ index, bucket: SPEC, fetch: ignored.fetch }).read(record.id, 2, 5)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('deletes the object of a file refused by the quota, and stores no record', async () => {
    const bucket = fakeBucket(() => new Response(null, { status: 200 }));
    const store = createS3MediaStore({ index: createMemoryMediaStore(), bucket: SPEC, fetch: bucket.fetch });
    const record = sampleRecord('u', 200);
    expect(await store.add(record, patternBytes(200), 100)).toEqual({ added: false, left: 100 });
    expect(bucket.requests.map((request) => request.method)).toEqual(['PUT', 'DELETE']);
    expect(await store.find(record.id)).toBeUndefined();
  });
});
