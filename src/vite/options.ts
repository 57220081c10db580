import { resolve } from 'node:path';

/** The three files of the module SDK, as `src/sdk/bundleSdk.ts` builds them. */
export interface SdkFiles {
  /** Classic script defining `window.Overlay`, served as `/sdk.js`. */
  classic: string;
  /** ES module with the same API, served as `/sdk.mjs`. */
  esm: string;
  /** Type declarations, served as `/sdk.d.ts`. */
  types: string;
}

export interface OverlayModulesOptions {
  /**
   * Folders holding one sub-folder per module, relative to the Vite root.
   * The env var `OVERLAY_MODULE_DIRS` (comma-separated) adds more.
   * @default ['modules']
   */
  dirs?: string[];
  /**
   * Source folder of the SDK, relative to the Vite root; a change in it
   * rebundles `/sdk.js` and reloads every module frame.
   * @default 'src/sdk'
   */
  sdkDir?: string;
  /**
   * Builds the SDK files.
   * @default bundleSdk of src/sdk/bundleSdk.ts
   */
  bundleSdk?: () => Promise<SdkFiles>;
  /**
   * Where `OVERLAY_MODULE_DIRS` is read.
   * @default process.env
   */
  env?: Record<string, string | undefined>;
}

export type ResolvedOptions = Required<OverlayModulesOptions>;

/** Fills the defaults and checks the options up front. */
export function resolveOptions(options: OverlayModulesOptions): ResolvedOptions {
  const dirs = options.dirs ?? ['modules'];
  if (!Array.isArray(dirs) || dirs.some((dir) => typeof dir !== 'string' || dir.trim() === '')) {
    throw new TypeError('overlayModules: dirs must be an array of folder paths');
  }
  return {
    dirs,
    sdkDir: options.sdkDir ?? 'src/sdk',
    bundleSdk: options.bundleSdk ?? defaultBundleSdk,
    env: options.env ?? process.env,
  };
}

/** Absolute module folders: `dirs`, then those of `OVERLAY_MODULE_DIRS`, without repeats. */
export function resolveModuleDirs(root: string, options: ResolvedOptions): string[] {
  const extra = (options.env.OVERLAY_MODULE_DIRS ?? '').split(',').map((dir) => dir.trim());
  const all = [...options.dirs, ...extra].filter((dir) => dir !== '').map((dir) => resolve(root, dir));
  return [...new Set(all)];
}

// Loaded on first use: esbuild stays out of configs that never serve the SDK.
async function defaultBundleSdk(): Promise<SdkFiles> {
  const { bundleSdk } = await import('../sdk/index.ts');
  return bundleSdk();
}
