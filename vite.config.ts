/// <reference types="vitest/config" />
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, declaresOnly, overlayModules, overlayPages, overlaySharedChunk, PAGES, pageInputs } from './src/vite/index.ts';

export default defineConfig({
  plugins: [preact(), overlayPages(), overlayModules(), overlaySharedChunk({ page: PAGES['/'], declaresOnly })],
  build: {
    // OBS 29 and 30 run the page and the dock in Chromium 103 (src/vite/browserTarget.ts): scripts
    // and CSS are written for it, and the CSS minifier (Lightning CSS) takes the same target.
    target: BROWSER_TARGET,
    cssTarget: BROWSER_TARGET,
    // OBS's browser source and every current browser load module scripts natively: no
    // modulepreload polyfill. The links stay: the page's entry imports the chunk it shares
    // with the studio, which would otherwise be fetched only once the entry has arrived.
    modulePreload: { polyfill: false },
    // One entry per page (the overlay, the studio): src/vite/pages.ts lists them with their paths.
    rollupOptions: {
      input: pageInputs(import.meta.dirname),
      // src/api only declares (schemas, constants, functions): a module the page imports through its
      // door and does not use is left out whole. Without it, code loaded on demand that imports the
      // door reaches every schema and zod, which the bundler then splits off the page's chunk (+2 KB gzipped).
      treeshake: { moduleSideEffects: (id: string) => !declaresOnly(id) },
    },
  },
  test: {
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/support/*.test.ts'] } },
      // The API's contract suite once more, against servers that wrap bodies as the hosted service does.
      { extends: true, test: { name: 'envelope', include: ['src/server/http/**/*.test.ts'], env: { OVERLAY_TEST_ENVELOPE: '1' } } },
    ],
  },
});
