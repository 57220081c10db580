/// <reference types="vitest/config" />
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { overlayModules, pageRoutes } from './src/vite/index.ts';

export default defineConfig({
  plugins: [preact(), overlayModules(), pageRoutes()],
  build: {
    // OBS's browser source and every current browser load module scripts natively:
    // no modulepreload polyfill, and lazy chunks (debug panel, studio) load as they are.
    modulePreload: false,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 20_000,
  },
});
