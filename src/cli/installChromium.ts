import { execFileSync } from 'node:child_process';

/**
 * apt-get by its absolute path: `npm test` runs this as root during `pretest`,
 * and npm puts `node_modules/.bin` first on the PATH, so a dependency shipping
 * a `bin` named `apt-get` would otherwise run as root.
 */
export const APT_GET = '/usr/bin/apt-get';

/** Runs one program with its arguments, as `execFileSync` does. */
export type RunProgram = (file: string, args: string[], options: { stdio: 'inherit'; env: NodeJS.ProcessEnv }) => unknown;

/** Installs Debian's `chromium` package (as root). */
export function installChromium(run: RunProgram = execFileSync, env: NodeJS.ProcessEnv = process.env): void {
  const options = { stdio: 'inherit' as const, env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  run(APT_GET, ['update', '-qq'], options);
  run(APT_GET, ['install', '-y', '-qq', 'chromium'], options);
}
