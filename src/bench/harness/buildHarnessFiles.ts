import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleSdk } from '../../sdk/index.ts';

/** Where the probe module's files go (its page is `index.html` there). */
export const PROBE_DIR = 'modules/bench.tool.probe';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const PAGE = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>${body}</body></html>\n`;

/**
 * Writes the harness site into `dir`: `/sdk.js` (built by bundleSdk, as the Vite
 * plugin does), the host page `/bench/harness.html` and the module page
 * `/modules/bench.tool.probe/index.html`, with their scripts bundled and minified like a
 * production build. The probe lives under `/modules/` because that is where `npm start`
 * serves module files, with their own headers: any other page refuses to be framed.
 */
export async function buildHarnessFiles(dir: string): Promise<void> {
  await mkdir(join(dir, 'bench'), { recursive: true });
  await mkdir(join(dir, PROBE_DIR), { recursive: true });
  const [sdk] = await Promise.all([bundleSdk(), bundle('harnessPage.ts', join(dir, 'bench/harness.js')), bundle('probePage.ts', join(dir, PROBE_DIR, 'probe.js'))]);
  await Promise.all([
    writeFile(join(dir, 'sdk.js'), sdk.classic),
    writeFile(join(dir, 'index.html'), PAGE('Bench', '')),
    writeFile(join(dir, 'bench/harness.html'), PAGE('Bench host', '<div id="stage" style="width:640px;height:360px"></div><script src="/bench/harness.js"></script>')),
    writeFile(join(dir, PROBE_DIR, 'index.html'), PAGE('Bench probe', `<script src="/sdk.js"></script><script src="/${PROBE_DIR}/probe.js"></script>`)),
  ]);
}

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [here(entry)],
    outfile,
    bundle: true,
    format: 'iife',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
}
