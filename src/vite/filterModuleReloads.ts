import { relative, sep } from 'node:path';
import type { HotPayload } from 'vite';

/** The part of a Vite dev environment the filter wraps. */
export interface ReloadingEnvironment {
  hot: { send(...args: never[]): void };
  logger: { info(message: string, options?: never): void };
}

/** Arms the filter for one changed module page; `clear` disarms it. */
export interface ModuleReloadFilter {
  expect(file: string): void;
  clear(): void;
}

/**
 * Vite reloads the whole page when an `.html` file no script imports changes
 * (vite/src/node/server/hmr.ts, "html file cannot be hot updated"), with path
 * '*' in middleware mode, and logs "page reload <file>". Module pages are served
 * raw in their own frames, so that reload would restart the overlay for one
 * module's edit: this drops it, and its misleading log line.
 */
export function filterModuleReloads(environment: ReloadingEnvironment, root: string): ModuleReloadFilter {
  const expected = new Set<string>();
  const { hot, logger } = environment;
  const send = hot.send.bind(hot) as (...args: unknown[]) => void;
  hot.send = ((...args: unknown[]) => {
    if (!isExpectedReload(args[0], expected)) send(...args);
  }) as typeof hot.send;
  const info = logger.info.bind(logger) as (...args: unknown[]) => void;
  logger.info = ((message: string, ...rest: unknown[]) => {
    const names = [...expected].map((path) => path.slice(1));
    if (!(message.includes('page reload') && names.some((name) => message.includes(name)))) info(message, ...rest);
  }) as typeof logger.info;
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
