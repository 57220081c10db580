import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VITE = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

export interface ViteBuildOptions {
  outDir: string;
  /** Extra module folders (`OVERLAY_MODULE_DIRS`); none: exactly what `npm run build` ships. */
  moduleDirs?: string[];
  /** Also write `.vite/manifest.json` (which chunk loads which). @default false */
  manifest?: boolean;
  /** Also write each script's source map, without a `sourceMappingURL` comment (the scripts stay byte for byte as shipped). @default false */
  sourcemap?: boolean;
}

/** `vite build` of the project (its own vite.config.ts) into `outDir`, in a child process. */
export function runViteBuild({ outDir, moduleDirs = [], manifest = false, sourcemap = false }: ViteBuildOptions): Promise<void> {
  const flags = [...(manifest ? ['--manifest'] : []), ...(sourcemap ? ['--sourcemap', 'hidden'] : [])];
  const args = [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', ...flags];
  const env = { ...process.env, OVERLAY_MODULE_DIRS: moduleDirs.join(',') };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code}): ${errors}`))));
  });
}
