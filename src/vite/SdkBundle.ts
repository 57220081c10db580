import type { SdkFiles } from './options.ts';

/** The URL paths of the SDK, the part of the bundle each serves, and its type. */
export const SDK_PATHS = {
  '/sdk.js': { part: 'classic', type: 'text/javascript; charset=utf-8' },
  '/sdk.mjs': { part: 'esm', type: 'text/javascript; charset=utf-8' },
  '/sdk.d.ts': { part: 'types', type: 'text/plain; charset=utf-8' },
} as const satisfies Record<string, { part: keyof SdkFiles; type: string }>;

export type SdkPath = keyof typeof SDK_PATHS;

/** True when `path` is one of the SDK's URL paths. */
export function isSdkPath(path: string): path is SdkPath {
  return Object.hasOwn(SDK_PATHS, path);
}

/** Bundles the SDK once and keeps it until the SDK sources change. */
export class SdkBundle {
  readonly #build: () => Promise<SdkFiles>;
  #pending: Promise<SdkFiles> | undefined;

  constructor(build: () => Promise<SdkFiles>) {
    this.#build = build;
  }

  /** The current bundle; a failed build is retried on the next call. */
  get(): Promise<SdkFiles> {
    if (!this.#pending) {
      const pending = this.#build();
      this.#pending = pending;
      pending.catch(() => {
        if (this.#pending === pending) this.#pending = undefined;
      });
    }
    return this.#pending;
  }

  /** Drops the bundle; the next `get` rebuilds it. */
  invalidate(): void {
    this.#pending = undefined;
  }
}
