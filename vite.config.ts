/// <reference types="vitest/config" />
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { overlayModules, overlayPages, pageInputs } from './src/vite/index.ts';

export default defineConfig({
  plugins: [preact(), overlayPages(), overlayModules()],
  build: {
    // OBS's browser source and every current browser load module scripts natively:
    // no modulepreload polyfill, and lazy chunks (the debug panel) load as they are.
    modulePreload: false,
    // One entry per page (the overlay, the studio): src/vite/pages.ts lists them with their paths.
    rollupOptions: { input: pageInputs(import.meta.dirname) },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 20_000,
  },
});
