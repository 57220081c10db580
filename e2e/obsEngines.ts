import { homedir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './chromium.ts';

/** A Chromium build of the kind OBS ships in its browser source and docks, from npm. */
export interface ObsEngine {
  /** The Playwright project that runs e2e/obs-engines.spec.ts in it, e.g. `obs-103`. */
  project: string;
  /** The version of the npm package `@sparticuz/chromium`, e.g. `103.0.0`. */
  version: string;
}

/** The npm package the engines come from: Chromium for serverless Linux, one release per major version. */
export const OBS_ENGINE_PACKAGE = '@sparticuz/chromium';

/** OBS 29 and 30 ship Chromium 103; OBS 31 and 32 ship Chromium 127. */
export const DEFAULT_OBS_ENGINES = ['103.0.0', '127.0.0'];

/** The package's builds draw with SwiftShader, unpacked beside the binary. */
export const OBS_ENGINE_ARGS = [...CHROMIUM_ARGS, '--use-gl=swiftshader'];

/**
 * The engines the smoke suite runs in: `OBS_ENGINES` (versions of the package, comma
 * separated, e.g. `OBS_ENGINES=103.0.0,131.0.1`; `none` for no engine), else the defaults.
 */
export function obsEngines(list = process.env.OBS_ENGINES): ObsEngine[] {
  const versions = list === undefined || list.trim() === '' ? DEFAULT_OBS_ENGINES : list.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (versions.length === 1 && versions[0] === 'none') return [];
  const majors = versions.map((version) => version.split('.')[0]);
  return versions.map((version, index) => {
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) throw new Error(`OBS_ENGINES: "${version}" is not a version of ${OBS_ENGINE_PACKAGE}`);
    const major = majors[index]!;
    const unique = majors.filter((other) => other === major).length === 1;
    return { project: `obs-${unique ? major : version}`, version };
  });
}

/** Where the engines are unpacked, once per machine: `OBS_ENGINES_CACHE`, else `~/.cache/overlay-runtime/obs-engines`. */
export function obsEngineCache(): string {
  if (process.env.OBS_ENGINES_CACHE) return process.env.OBS_ENGINES_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'overlay-runtime', 'obs-engines');
}
