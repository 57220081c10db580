import { describe, expect, it } from 'vitest';
import { depScanEntries } from './depScanEntries.ts';
import { resolveModuleDirs, resolveOptions } from './options.ts';

describe('resolveModuleDirs', () => {
  it('defaults to modules/ and adds OVERLAY_MODULE_DIRS', () => {
    const env = { OVERLAY_MODULE_DIRS: 'e2e/modules, /abs/mods,,modules' };
    expect(resolveModuleDirs('/root', resolveOptions({ env }))).toEqual(['/root/modules', '/root/e2e/modules', '/abs/mods']);
    expect(resolveModuleDirs('/root', resolveOptions({ dirs: ['a', 'b'], env: {} }))).toEqual(['/root/a', '/root/b']);
  });

  it('refuses dirs that are not folder paths', () => {
    expect(() => resolveOptions({ dirs: [''] })).toThrow(/dirs must be/);
    expect(() => resolveOptions({ dirs: 'modules' as never })).toThrow(/dirs must be/);
  });
});

describe('moduleOrigin', () => {
  it('comes from the option or OVERLAY_MODULE_ORIGIN, and is checked up front', () => {
    expect(resolveOptions({ env: {} }).moduleOrigin).toBe('');
    expect(resolveOptions({ env: { OVERLAY_MODULE_ORIGIN: 'https://{site}.m.example.com' } }).moduleOrigin).toBe('https://{site}.m.example.com');
    expect(resolveOptions({ moduleOrigin: 'http://{site}.localhost:9000', env: {} }).moduleOrigin).toBe('http://{site}.localhost:9000');
    expect(() => resolveOptions({ moduleOrigin: 'https://m.example.com', env: {} })).toThrow(/moduleOrigin "https:\/\/m\.example\.com": it must hold \{site\} exactly once/);
  });
});

describe('the default SDK bundler', () => {
  it('builds the classic script, the ES module and the types from src/sdk', async () => {
    const sdk = await resolveOptions({}).bundleSdk();
    expect(sdk.classic).toContain('Overlay');
    expect(sdk.esm).toMatch(/export\s*\{/);
    expect(sdk.types).toContain('Overlay');
  });
});

describe('depScanEntries', () => {
  it('keeps module pages out of the dependency scan', () => {
    expect(depScanEntries({}, '/root', ['/root/modules', '/root/e2e/modules', '/elsewhere'])).toEqual([
      '**/*.html',
      '!**/__tests__/**',
      '!**/coverage/**',
      '!modules/**',
      '!e2e/modules/**',
    ]);
  });

  it('leaves a config that chose its entries or inputs alone', () => {
    expect(depScanEntries({ optimizeDeps: { entries: ['a.html'] } }, '/root', ['/root/modules'])).toBeUndefined();
    expect(depScanEntries({ build: { rollupOptions: { input: 'a.html' } } }, '/root', ['/root/modules'])).toBeUndefined();
  });
});
