import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_ASSET_POLICY } from '../vite/index.ts';
import { createPageApp } from './createPageApp.ts';

let root: string;
let app: ReturnType<typeof createPageApp>;
const warnings: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'overlay-page-app-'));
  const dist = join(root, 'dist');
  await mkdir(join(dist, 'modules/demo.a'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><p>page</p>');
  await mkdir(join(dist, 'src/studio'), { recursive: true });
  await writeFile(join(dist, 'src/studio/studio.html'), '<!doctype html><p>studio</p>');
  await writeFile(join(dist, 'modules/demo.a/index.html'), '<!doctype html><p>module</p>');
  await writeFile(join(dist, 'modules/demo.a/icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'secret.txt'), 'TOPSECRET');
  await symlink(join(root, 'secret.txt'), join(dist, 'modules/demo.a/secret.txt'));
  await symlink('/', join(dist, 'modules/demo.a/root'));
  await symlink('icon.svg', join(dist, 'modules/demo.a/icon-link.svg'));
  const api = { fetch: () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }) };
  app = createPageApp({ distDir: dist, api, warn: (line) => void warnings.push(line) });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const get = (path: string) => app.request(`http://127.0.0.1${path}`);

describe('the page server of npm start', () => {
  it('refuses file and folder symlinks that lead out of the built site, naming them in a warning', async () => {
    for (const path of ['/modules/demo.a/secret.txt', '/modules/demo.a/root/etc/passwd']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const text = await response.text();
      expect(text).not.toContain('TOPSECRET');
      expect(text).not.toContain('root:');
      expect(warnings.some((line) => line.includes(path) && /symlink/.test(line)), path).toBe(true);
    }
    expect(await (await get('/modules/demo.a/icon-link.svg')).text()).toContain('<svg');
  });

  it('sandboxes module files opened directly and forbids nosniffing; a file that is not a page reaches nothing', async () => {
    const policies = { '/modules/demo.a/index.html': 'sandbox allow-scripts', '/modules/demo.a/icon.svg': `sandbox allow-scripts; ${MODULE_ASSET_POLICY}` };
    for (const [path, policy] of Object.entries(policies)) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(policy);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('lets only its own origin frame the overlay page and the studio', async () => {
    for (const path of ['/', '/studio']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'self'");
    }
  });
});
