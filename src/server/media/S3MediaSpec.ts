import { readFileSync } from 'node:fs';

/** `--media-store s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>`, with the credentials read from the environment. */
export interface S3MediaSpec {
  bucket: string;
  /** Put before each object's name: `''` or ending in `/`. */
  prefix: string;
  /** An S3-compatible service (R2, MinIO, B2): its objects are addressed path-style. Undefined: AWS, virtual-hosted. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

type Env = Record<string, string | undefined>;

/**
 * Parses the media store's URL; throws an Error naming the problem (never a secret). The credentials
 * come from `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`, or files named by their `_FILE` forms, as
 * every S3 tool reads them: a URL would show them in `ps` and in logs.
 */
export function parseS3MediaSpec(text: string, env: Env = process.env): S3MediaSpec {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`not a URL: expected s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>, got ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (url.protocol !== 's3:') throw new Error(`expected s3://<bucket>[/<prefix>], got ${JSON.stringify(`${url.protocol}//`)}`);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`not a bucket name: ${JSON.stringify(bucket)}`);
  const unknown = [...url.searchParams.keys()].find((key) => key !== 'endpoint' && key !== 'region');
  if (unknown) throw new Error(`unknown parameter ${JSON.stringify(unknown)}: only endpoint and region are read`);
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: path === '' ? '' : `${path}/`,
    endpoint: endpointOf(url.searchParams.get('endpoint')),
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: credential(env, 'AWS_ACCESS_KEY_ID'),
    secretAccessKey: credential(env, 'AWS_SECRET_ACCESS_KEY'),
  };
}

function endpointOf(text: string | null): string | undefined {
  if (text === null) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`endpoint: not a URL: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('endpoint: must be an http:// or https:// address');
  return url.href.replace(/\/+$/, '');
}

function credential(env: Env, name: string): string {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      const value = readFileSync(file, 'utf8').trim();
      if (value) return value;
    } catch (error) {
      throw new Error(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    throw new Error(`${name}_FILE: ${file} is empty`);
  }
  const value = env[name];
  if (!value) throw new Error(`needs ${name} (or ${name}_FILE) in the environment`);
  return value;
}
