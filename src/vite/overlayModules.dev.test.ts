import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createLogger, createServer, type Plugin, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODULE_ASSET_POLICY } from './modulePolicy.ts';
import { overlayModules } from './overlayModules.ts';
import { withModulePolicy } from './withModulePolicy.ts';
import { makeTempRoot, writeFixtureModule } from './writeFixtureModule.ts';

let root: string;
let server: ViteDevServer;
let base: string;
const sent: unknown[] = [];
const warnings: string[] = [];

/** Records what reaches the page: runs before the plugin, so it sees sends after its filter. */
const recordHotPayloads: Plugin = {
  name: 'record-hot-payloads',
  enforce: 'pre',
  configureServer({ environments }) {
    const hot = environments.client.hot;
    const send = hot.send.bind(hot) as (...args: unknown[]) => void;
    hot.send = ((...args: unknown[]) => {
      sent.push(args.length > 1 ? { type: 'custom', event: args[0], data: args[1] } : args[0]);
      send(...args);
    }) as typeof hot.send;
  },
};

beforeAll(async () => {
  root = await makeTempRoot();
  await writeFixtureModule(join(root, 'modules'), 'demo.a', { name: 'A', kind: 'tool', connect: ['wss://chat.example.com'] }, {
    'index.html': '<!doctype html><script src="/sdk.js"></script><p>A</p>\n',
    'style.css': 'p { color: red }\n',
    'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  });
  await writeFixtureModule(join(root, 'extra'), 'evil.b', { name: 'B', kind: 'game' });
  await writeFile(join(root, 'secret.txt'), 'TOPSECRET');
  await symlink(join(root, 'secret.txt'), join(root, 'modules/demo.a/secret.txt'));
  await symlink('/', join(root, 'modules/demo.a/root'));
  await symlink('style.css', join(root, 'modules/demo.a/style-link.css'));
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    customLogger: { ...createLogger('silent'), warn: (message: string) => void warnings.push(message) },
    server: { host: '127.0.0.1', port: 0 },
    plugins: [
      recordHotPayloads,
      overlayModules({
        env: { OVERLAY_MODULE_DIRS: 'extra' },
        bundleSdk: async () => ({ classic: 'window.Overlay = {};', esm: 'export {};', types: 'export {};' }),
      }),
    ],
  });
  await server.listen();
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('overlayModules in dev', () => {
  it('serves a module page with its policy written in (no Vite client), with CORS for sandboxed frames', async () => {
    const response = await fetch(`${base}/modules/demo.a/index.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-security-policy')).toBe('sandbox allow-scripts');
    expect(await response.text()).toBe(withModulePolicy(await readFile(join(root, 'modules/demo.a/index.html'), 'utf8'), ['wss://chat.example.com']));
    expect((await fetch(`${base}/modules/demo.a/`)).status).toBe(200);
    expect((await fetch(`${base}/modules/evil.b/index.html`)).status).toBe(200);
  });

  it('sends module files that are not pages with a policy that reaches nothing beyond their own site', async () => {
    const response = await fetch(`${base}/modules/demo.a/icon.svg`);
    expect(response.headers.get('content-security-policy')).toBe(`sandbox allow-scripts; ${MODULE_ASSET_POLICY}`);
    expect(MODULE_ASSET_POLICY).toContain("connect-src 'none'");
  });

  it('answers 404 for unknown modules and paths leaving the module folder', async () => {
    for (const path of ['/modules/nope/index.html', '/modules/demo.a/..%2f..%2fsecret.txt', '/modules/demo.a/x.js']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('TOPSECRET');
    }
  });

  it('refuses file and folder symlinks that lead out of the module folder, naming them in a warning', async () => {
    for (const path of ['/modules/demo.a/secret.txt', '/modules/demo.a/root/etc/passwd']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      const text = await response.text();
      expect(text).not.toContain('TOPSECRET');
      expect(text).not.toContain('root:');
      expect(warnings.some((line) => line.includes(path) && /symlink/.test(line)), path).toBe(true);
    }
    expect(await (await fetch(`${base}/modules/demo.a/style-link.css`)).text()).toBe('p { color: red }\n');
  });

  it('sandboxes module files opened directly and keeps the page from being framed elsewhere', async () => {
    const module = await fetch(`${base}/modules/demo.a/index.html`);
    expect(module.headers.get('content-security-policy')).toBe('sandbox allow-scripts');
    expect(module.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
  });

  it('serves the SDK as a classic script, an ES module and types', async () => {
    const classic = await fetch(`${base}/sdk.js`, { headers: { origin: 'null' } });
    expect(classic.headers.get('access-control-allow-origin')).toBe('*');
    expect(classic.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await classic.text()).toBe('window.Overlay = {};');
    expect(await (await fetch(`${base}/sdk.mjs`)).text()).toBe('export {};');
    expect((await fetch(`${base}/sdk.d.ts`)).status).toBe(200);
  });

  it('exports the catalog from virtual:overlay-modules', async () => {
    const catalog = await server.ssrLoadModule('virtual:overlay-modules');
    expect(catalog.modules.map((module: { id: string }) => module.id)).toEqual(['demo.a', 'evil.b']);
    expect(catalog.problems).toEqual([]);
    const response = await fetch(`${base}/@id/__x00__virtual:overlay-modules`);
    expect(await response.text()).toContain('"url":"/modules/demo.a/index.html"');
  });

  it("serves the overlay page's catalog, whose loader imports the settings module through the dev server", async () => {
    const page = await (await fetch(`${base}/@id/__x00__virtual:overlay-page-catalog`)).text();
    expect(page).toContain('"url":"/modules/demo.a/index.html"');
    const settings = page.match(/import\("([^"]+)"\)/)?.[1];
    expect(settings).toContain('virtual:overlay-module-settings');
    expect((await fetch(new URL(settings!, base))).status).toBe(200);
  });

  it('reloads only the edited module, never the page', async () => {
    sent.length = 0;
    await writeFile(join(root, 'modules/demo.a/index.html'), '<p>A, edited</p>\n');
    await vi.waitFor(() => expect(sent).toContainEqual(changed('demo.a')), { timeout: 5000 });
    // A later edit's event proves Vite finished handling the first one.
    await writeFile(join(root, 'modules/demo.a/style.css'), 'p { color: blue }\n');
    await vi.waitFor(() => expect(sent.filter((p) => isEqual(p, changed('demo.a')))).toHaveLength(2), { timeout: 5000 });
    expect(sent.filter((payload) => (payload as { type: string }).type !== 'custom')).toEqual([]);
  });

  it('announces a new module folder without a restart', async () => {
    sent.length = 0;
    await writeFixtureModule(join(root, 'modules'), 'demo.new', { name: 'New', kind: 'event' });
    await vi.waitFor(() => expect(lastCatalogIds()).toEqual(['demo.a', 'demo.new', 'evil.b']), { timeout: 5000 });
    expect((await fetch(`${base}/modules/demo.new/index.html`)).status).toBe(200);
    await rm(join(root, 'modules/demo.new'), { recursive: true });
    await vi.waitFor(() => expect(lastCatalogIds()).toEqual(['demo.a', 'evil.b']), { timeout: 5000 });
    expect(sent.filter((payload) => (payload as { type: string }).type === 'full-reload')).toEqual([]);
  });
});

function changed(id: string) {
  return { type: 'custom', event: 'overlay:module-changed', data: { id } };
}

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function lastCatalogIds(): string[] | undefined {
  const events = sent.filter((payload) => (payload as { event?: string }).event === 'overlay:modules');
  const last = events.at(-1) as { data: { modules: { id: string }[] } } | undefined;
  return last?.data.modules.map((module) => module.id);
}
