import { isAbsolute, relative, sep } from 'node:path';
import type { UserConfig } from 'vite';

/**
 * Vite's dependency scan crawls every `**\/*.html` under the root when no
 * entries or inputs are configured (vite/src/node/optimizer/scan.ts), module
 * pages included; they are not part of the app, so leave them out. Returns
 * the `optimizeDeps.entries` to set, or undefined when the config chose its own.
 */
export function depScanEntries(config: UserConfig, root: string, dirs: readonly string[]): string[] | undefined {
  const build = config.build as { rollupOptions?: { input?: unknown }; rolldownOptions?: { input?: unknown } } | undefined;
  if (config.optimizeDeps?.entries || build?.rollupOptions?.input || build?.rolldownOptions?.input) return undefined;
  const inside = dirs.map((dir) => relative(root, dir)).filter((dir) => dir && !dir.startsWith('..') && !isAbsolute(dir));
  // Explicit entries drop Vite's default ignores of these two; keep them.
  const ignored = ['**/__tests__/**', '**/coverage/**', ...inside.map((dir) => `${dir.split(sep).join('/')}/**`)];
  return ['**/*.html', ...ignored.map((pattern) => `!${pattern}`)];
}
