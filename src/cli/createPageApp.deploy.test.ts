import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from './createPageApp.ts';

let dist: string;
const script = `console.log(${JSON.stringify('overlay '.repeat(400))});\n`;
const api = { fetch: (request: Request) => Response.json({ path: new URL(request.url).pathname }) };

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'overlay-page-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'modules', 'demo.a'), { recursive: true });
  mkdirSync(join(dist, 'src', 'studio'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Overlay</title></head><body></body></html>\n');
  writeFileSync(join(dist, 'src', 'studio', 'studio.html'), '<!doctype html><html><head><title>Studio</title></head><body></body></html>\n');
  writeFileSync(join(dist, 'assets', 'index-Bx1y2z3.js'), script);
  writeFileSync(join(dist, 'sdk.js'), script);
  writeFileSync(join(dist, 'modules', 'demo.a', 'index.html'), '<!doctype html><p>a</p>\n');
  writeFileSync(join(dist, 'modules', 'demo.a', 'main.js'), script);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (app: ReturnType<typeof createPageApp>, path: string, headers: Record<string, string> = {}) => app.request(`http://127.0.0.1${path}`, { headers });

describe('the page server of npm start, deployed', () => {
  it('lets hashed assets be cached for a year, and has everything else revalidated', async () => {
    const app = createPageApp({ distDir: dist, api });
    expect((await get(app, '/assets/index-Bx1y2z3.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/studio', '/sdk.js', '/modules/demo.a/index.html', '/modules/demo.a/main.js']) {
      const answer = await get(app, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('no-cache');
      expect(answer.headers.get('etag'), path).toMatch(/^"[0-9a-f]+"$/);
    }
  });

  it('answers a revalidation of an unchanged file with 304', async () => {
    const app = createPageApp({ distDir: dist, api });
    const first = await get(app, '/modules/demo.a/main.js');
    const again = await get(app, '/modules/demo.a/main.js', { 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses text files for clients that accept gzip, and leaves the API alone', async () => {
    const app = createPageApp({ distDir: dist, api });
    for (const path of ['/assets/index-Bx1y2z3.js', '/sdk.js', '/modules/demo.a/main.js']) {
      const answer = await get(app, path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(answer.headers.get('content-encoding'), path).toBe('gzip');
      expect(answer.headers.get('vary'), path).toMatch(/Accept-Encoding/);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(bytes.byteLength, path).toBeLessThan(script.length / 4);
      expect(gunzipSync(bytes).toString('utf8'), path).toBe(script);
    }
    expect((await get(app, '/sdk.js')).headers.get('content-encoding')).toBeNull();
    const viaApi = await get(app, '/api/me', { 'Accept-Encoding': 'gzip' });
    expect({ encoding: viaApi.headers.get('content-encoding'), body: await viaApi.json() }).toEqual({ encoding: null, body: { path: '/me' } });
  });

  it('writes --module-origin into the pages, leaving module pages as built', async () => {
    const app = createPageApp({ distDir: dist, api, moduleOrigin: 'https://{site}.modules.example.com' });
    for (const path of ['/', '/studio']) {
      expect(await (await get(app, path)).text(), path).toContain('<meta name="overlay-module-origin" content="https://{site}.modules.example.com">\n</head>');
    }
    expect(await (await get(app, '/modules/demo.a/index.html')).text()).toBe('<!doctype html><p>a</p>\n');
  });
});
