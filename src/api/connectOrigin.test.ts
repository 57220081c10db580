import { describe, expect, it } from 'vitest';
import { connectOriginProblem } from './connectOrigin.ts';
import { describeSchemaIssue } from './describeSchemaIssue.ts';
import { ModuleManifestSchema } from './manifest.ts';

describe('connectOriginProblem', () => {
  it('accepts https and wss origins, and http or ws on this machine with any port', () => {
    for (const entry of ['https://api.example.com', 'wss://chat.example.com:8443', 'http://localhost', 'http://127.0.0.1:5173', 'ws://localhost:9000']) {
      expect(connectOriginProblem(entry), entry).toBeUndefined();
    }
  });

  it.each([
    ['http://example.com', /https:\/\/ or wss:\/\//],
    ['ws://192.168.1.2:80', /only for localhost and 127\.0\.0\.1/],
    ['ftp://example.com', /must start with https:\/\/ or wss:\/\//],
    ['https://*.example.com', /no wildcard/],
    ['https://api.example.com/', /origin only, written as "https:\/\/api\.example\.com"/],
    ['https://api.example.com/v1', /origin only/],
    ['https://API.example.com', /written as "https:\/\/api\.example\.com"/],
    ['https://user@api.example.com', /origin only/],
    ['https://api.example.com:443', /written as "https:\/\/api\.example\.com"/],
    ["https://a.example;script-src'", /no wildcard|origin only/],
    ['api.example.com', /not an origin/],
    ['', /not an origin/],
  ])('refuses %s, saying why', (entry, reason) => {
    expect(connectOriginProblem(entry)).toMatch(reason);
  });
});

describe('the manifest member connect', () => {
  it('is optional and keeps the declared origins', () => {
    expect(ModuleManifestSchema.parse({ name: 'x', kind: 'tool' }).connect).toBeUndefined();
    expect(ModuleManifestSchema.parse({ name: 'x', kind: 'tool', connect: ['https://a.example'] }).connect).toEqual(['https://a.example']);
  });

  it('names the bad entry and its place in the problem', () => {
    const result = ModuleManifestSchema.safeParse({ name: 'x', kind: 'tool', connect: ['https://a.example', 'http://evil.example'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => describeSchemaIssue(issue))).toEqual([
      'connect.1: "http://evil.example" must use https:// or wss:// (http:// and ws:// only for localhost and 127.0.0.1)',
    ]);
    expect(ModuleManifestSchema.safeParse({ name: 'x', kind: 'tool', connect: 'https://a.example' }).success).toBe(false);
  });
});
