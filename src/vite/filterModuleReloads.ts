import { relative, sep } from 'node:path';
import type { HotPayload } from 'vite';

/** The part of Vite's hot channel the filter wraps. */
export interface HotSender {
  send(...args: never[]): void;
}

/** Arms the filter for one changed module page; `clear` disarms it. */
export interface ModuleReloadFilter {
  expect(file: string): void;
  clear(): void;
}

/**
 * Vite reloads the whole page when an `.html` file no script imports changes
 * (vite/src/node/server/hmr.ts, "html file cannot be hot updated"), with path
 * '*' in middleware mode. Module pages are served raw in their own frames, so
 * that reload would restart the overlay for one module's edit; this drops it.
 */
export function filterModuleReloads(hot: HotSender, root: string): ModuleReloadFilter {
  const expected = new Set<string>();
  const send = hot.send.bind(hot) as (...args: unknown[]) => void;
  hot.send = ((...args: unknown[]) => {
    if (!isExpectedReload(args[0], expected)) send(...args);
  }) as HotSender['send'];
  return {
    expect: (file) => expected.add(`/${relative(root, file).split(sep).join('/')}`),
    clear: () => expected.clear(),
  };
}

function isExpectedReload(payload: unknown, expected: Set<string>): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const { type, path } = payload as Partial<HotPayload & { path: string }>;
  if (type !== 'full-reload' || expected.size === 0) return false;
  if (path !== '*') return expected.delete(path ?? '');
  const first = expected.values().next().value!;
  return expected.delete(first);
}
