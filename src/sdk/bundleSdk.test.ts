import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { HelloSchema } from '../api/index.ts';
import { hostConnection } from '../host/testing/hostConnection.ts';
import { bundleSdk, type SdkFiles } from './bundleSdk.ts';
import type { OverlayApi } from './overlay.d.ts';

let files: SdkFiles;
beforeAll(async () => {
  files = await bundleSdk();
});

/** A module frame's globals, enough for the classic script; timers are recorded, never run. */
function frameGlobals() {
  const hellos: unknown[] = [];
  const listeners: ((event: unknown) => void)[] = [];
  const parent = { postMessage: (message: unknown) => hellos.push(message) };
  const globals = {
    location: { hash: '#instance=abc123' },
    document: { readyState: 'complete' },
    parent,
    URLSearchParams,
    TextEncoder,
    performance,
    setTimeout: () => 0,
    clearTimeout: () => {},
    addEventListener: (type: string, listener: (event: unknown) => void) => type === 'message' && listeners.push(listener),
    removeEventListener: () => {},
  } as Record<string, unknown>;
  globals.window = globals;
  return { globals, hellos, listeners, parent };
}

describe('bundleSdk', () => {
  it('builds a classic script under 4 KB gzipped, without zod', () => {
    const gzipped = gzipSync(files.classic).length;
    expect(gzipped).toBeLessThanOrEqual(4096);
    expect(gzipSync(files.esm).length).toBeLessThanOrEqual(4096);
    expect(files.classic).not.toMatch(/zod|ZodError/);
  });

  it('defines window.Overlay, says hello, and works once welcomed', async () => {
    const frame = frameGlobals();
    vm.runInNewContext(files.classic, frame.globals);
    const overlay = frame.globals.Overlay as OverlayApi;
    expect(Object.keys(overlay).sort()).toEqual(['db', 'events', 'on', 'profile', 'ready', 'settings']);
    expect(HelloSchema.parse(frame.hellos[0])).toMatchObject({ instance: 'abc123' });

    const channel = new MessageChannel();
    const connection = hostConnection({ port: channel.port1, moduleId: 'de.example.counter' });
    const welcome = { v: 1, k: 'welcome', instance: 'abc123', heartbeatMs: 5000 };
    for (const listener of frame.listeners) listener({ source: frame.parent, data: welcome, ports: [channel.port2] });
    expect(await overlay.ready).toEqual({ id: 'de.example.counter', kind: 'tool', profile: {}, context: 'overlay' });
    await overlay.db.set('count', 5);
    expect(await overlay.db.get('count')).toBe(5);
    connection.close();
    channel.port2.close();
  });

  it('builds an ES module exporting the same API', async () => {
    const frame = frameGlobals();
    const scope = globalThis as Record<string, unknown>;
    const names = ['window', 'location', 'parent', 'document'];
    for (const name of names) scope[name] = frame.globals[name];
    try {
      const url = `data:text/javascript;base64,${Buffer.from(files.esm).toString('base64')}`;
      const module = (await import(/* @vite-ignore */ url)) as { Overlay: OverlayApi; default: OverlayApi };
      expect(module.default).toBe(module.Overlay);
      expect(typeof module.Overlay.db.set).toBe('function');
      expect(scope.Overlay).toBe(module.Overlay);
    } finally {
      for (const name of [...names, 'Overlay']) delete scope[name];
    }
  });

  it('ships typings that type-check an author module, globally and as /sdk.mjs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdk-types-'));
    try {
      writeFileSync(join(dir, 'sdk.d.ts'), files.types);
      writeFileSync(join(dir, 'module.ts'), AUTHOR_MODULE);
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(AUTHOR_TSCONFIG));
      const tsc = fileURLToPath(new URL('../../node_modules/.bin/tsc', import.meta.url));
      expect(() => execFileSync(tsc, ['-p', dir], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const AUTHOR_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM'],
    types: [],
    noEmit: true,
    paths: { '/sdk.mjs': ['./sdk.d.ts'] },
  },
  include: ['*.ts'],
};

const AUTHOR_MODULE = `
import Default, { Overlay as Esm, type Json, type StatusEvent } from '/sdk.mjs';
const info = await Overlay.ready;
const name: string = info.profile.user.userName;
const title: string = info.profile.twitch.stream.title;
const value: Json | undefined = await Esm.db.get('score');
await Default.db.set('score', { n: 3, list: [1, 'a', null] });
const off = window.Overlay.on('change', (change) => console.log(change.key, change.from, change.value));
off();
Overlay.on('status', (status: StatusEvent) => console.log(status.online, status.pending));
// @ts-expect-error: not an event
Overlay.on('token', () => {});
// @ts-expect-error: a Date is not JSON
Overlay.db.set('when', new Date());
// @ts-expect-error: no credentials in the public profile
console.log(info.profile.overlays.tool.length, name, title, value);
export {};
`;
