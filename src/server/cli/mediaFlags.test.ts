import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from './parseCliArgs.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-media-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MIB = 1024 * 1024;
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-wJalrXUtnFEMI' };

describe('the media flags', () => {
  it('default to 25 MB per file and 250 MB per streamer, the bytes in the data store', () => {
    expect(parseCliArgs([], {}).media).toEqual({ limits: { maxFileBytes: 25 * MIB, quotaBytes: 250 * MIB } });
  });

  it('are read from the command line and from the environment, the command line winning', () => {
    expect(parseCliArgs(['--media-file-mb', '5', '--media-quota-mb', '50'], {}).media.limits).toEqual({ maxFileBytes: 5 * MIB, quotaBytes: 50 * MIB });
    const env = { OVERLAY_MEDIA_FILE_MB: '8', OVERLAY_MEDIA_QUOTA_MB: '80' };
    expect(parseCliArgs([], env).media.limits).toEqual({ maxFileBytes: 8 * MIB, quotaBytes: 80 * MIB });
    expect(parseCliArgs(['--media-file-mb', '2'], env).media.limits.maxFileBytes).toBe(2 * MIB);
  });

  it('refuse a bad number, naming the variable it came from, and a quota smaller than a file', () => {
    expect(() => parseCliArgs([], { OVERLAY_MEDIA_FILE_MB: 'lots' })).toThrow(/--media-file-mb \(from OVERLAY_MEDIA_FILE_MB\): expected an integer/);
    expect(() => parseCliArgs(['--media-quota-mb', '0'], {})).toThrow(/--media-quota-mb: expected an integer from 1/);
    expect(() => parseCliArgs(['--media-file-mb', '30', '--media-quota-mb', '20'], {})).toThrow(/--media-quota-mb: the quota \(20\) is smaller/);
  });

  it('--media-store names a bucket, path-style at an endpoint, with the credentials from the environment', () => {
    const url = 's3://overlay-media/streamers?endpoint=http://127.0.0.1:9000/&region=eu-west-1';
    expect(parseCliArgs(['--media-store', url], CREDENTIALS).media.bucket).toEqual({
      bucket: 'overlay-media',
      prefix: 'streamers/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-wJalrXUtnFEMI',
    });
    expect(parseCliArgs([], { ...CREDENTIALS, OVERLAY_MEDIA_STORE: 's3://bucket-aws' }).media.bucket).toMatchObject({ bucket: 'bucket-aws', prefix: '', endpoint: undefined, region: 'us-east-1' });
  });

  it('--media-store reads the credentials from their _FILE forms, and names what is missing without a secret', () => {
    const key = join(dir, 'key');
    const secret = join(dir, 'secret');
    writeFileSync(key, 'AKIDFROMFILE\n');
    writeFileSync(secret, 'secret-from-file\n');
    expect(parseCliArgs(['--media-store', 's3://bucket'], { AWS_ACCESS_KEY_ID_FILE: key, AWS_SECRET_ACCESS_KEY_FILE: secret }).media.bucket).toMatchObject({ accessKeyId: 'AKIDFROMFILE', secretAccessKey: 'secret-from-file' });
    expect(() => parseCliArgs(['--media-store', 's3://bucket'], { AWS_ACCESS_KEY_ID: 'x' })).toThrow(/--media-store: needs AWS_SECRET_ACCESS_KEY \(or AWS_SECRET_ACCESS_KEY_FILE\)/);
    expect(() => parseCliArgs(['--media-store', 'https://bucket'], CREDENTIALS)).toThrow(/--media-store: expected s3:\/\//);
    expect(() => parseCliArgs(['--media-store', 's3://bucket?endpont=x'], CREDENTIALS)).toThrow(/unknown parameter "endpont"/);
  });

  it('--public-url stands on its own now that media URLs use it', () => {
    expect(parseCliArgs(['--public-url', 'https://overlay.example.com/'], {}).publicUrl).toBe('https://overlay.example.com');
    expect(parseCliArgs([], { OVERLAY_PUBLIC_URL: 'http://127.0.0.1:8787' }).publicUrl).toBe('http://127.0.0.1:8787');
    expect(() => parseCliArgs(['--public-url', 'http://overlay.example.com'], {})).toThrow(/--public-url: must be an https/);
  });
});
