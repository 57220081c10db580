import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageApp } from './createPageApp.ts';

const distDir = mkdtempSync(join(tmpdir(), 'overlay-pages-'));
mkdirSync(join(distDir, 'src/studio'), { recursive: true });
writeFileSync(join(distDir, 'index.html'), '<title>Overlay</title>');
writeFileSync(join(distDir, 'src/studio/studio.html'), '<title>Overlay studio</title>');
writeFileSync(join(distDir, 'sdk.js'), 'window.Overlay = {};');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const app = createPageApp({ distDir, api: { fetch: (request) => new Response(new URL(request.url).pathname) } });
const get = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: await response.text(), type: response.headers.get('Content-Type') };
};

describe('createPageApp', () => {
  it('serves each page at its path from its built entry', async () => {
    expect(await get('/?overlay=x')).toMatchObject({ status: 200, body: '<title>Overlay</title>' });
    expect(await get('/studio?overlay=x')).toMatchObject({ status: 200, body: '<title>Overlay studio</title>' });
    expect((await get('/studio/')).body).toBe('<title>Overlay studio</title>');
    expect((await get('/studio')).type).toMatch(/^text\/html/);
  });

  it('serves other files as they are, the API under /api, and 404 for the rest', async () => {
    expect((await get('/sdk.js')).body).toBe('window.Overlay = {};');
    expect((await get('/api/me')).body).toBe('/me');
    expect((await get('/nothing-here')).status).toBe(404);
  });
});
