/// <reference types="vitest/config" />
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { overlayModules } from './src/vite/index.ts';

export default defineConfig({
  plugins: [preact(), overlayModules()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 20_000,
  },
});
