import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3MediaSpec } from '../media/index.ts';

/** A local S3-compatible server (s3rver) on a loopback port, with one empty bucket, for tests. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The `--media-store` URL of the bucket under `prefix`. */
  storeUrl(prefix?: string): string;
  /** The bucket's spec with s3rver's credentials. */
  spec(prefix?: string): S3MediaSpec;
  dispose(): Promise<void>;
}

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3Server(bucket = 'overlay-media'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'overlay-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let disposed = false;
  return {
    endpoint,
    bucket,
    storeUrl: (prefix = '') => `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    spec: (prefix = '') => ({ bucket, prefix: prefix ? `${prefix}/` : '', endpoint, region: 'us-east-1', ...S3RVER_CREDENTIALS }),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
