import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleSdk } from '../../sdk/index.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const PAGE = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>${body}</body></html>\n`;

/**
 * Writes the harness site into `dir`: `/sdk.js` (built by bundleSdk, as the Vite
 * plugin does), the host page `/bench/harness.html` and the module page
 * `/bench/probe.html`, with their scripts bundled and minified like a production build.
 */
export async function buildHarnessFiles(dir: string): Promise<void> {
  await mkdir(join(dir, 'bench'), { recursive: true });
  const [sdk] = await Promise.all([bundleSdk(), bundle('harnessPage.ts', join(dir, 'bench/harness.js')), bundle('probePage.ts', join(dir, 'bench/probe.js'))]);
  await Promise.all([
    writeFile(join(dir, 'sdk.js'), sdk.classic),
    writeFile(join(dir, 'index.html'), PAGE('Bench', '')),
    writeFile(join(dir, 'bench/harness.html'), PAGE('Bench host', '<div id="stage" style="width:640px;height:360px"></div><script src="/bench/harness.js"></script>')),
    writeFile(join(dir, 'bench/probe.html'), PAGE('Bench probe', '<script src="/sdk.js"></script><script src="/bench/probe.js"></script>')),
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
