import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The three files of the module SDK. */
export interface SdkFiles {
  /** Classic script defining `window.Overlay`, served as `/sdk.js`. */
  classic: string;
  /** ES module exporting `Overlay` (and default), served as `/sdk.mjs`. */
  esm: string;
  /** Type declarations for both, served as `/sdk.d.ts`. */
  types: string;
}

const here = new URL('./', import.meta.url);

/** Builds the SDK from `src/sdk` with esbuild, minified; runs in Node (Vite plugin, tests). */
export async function bundleSdk(): Promise<SdkFiles> {
  const [classic, esm, declarations] = await Promise.all([
    bundle('classic.ts', 'iife'),
    bundle('esm.ts', 'esm'),
    readFile(new URL('overlay.d.ts', here), 'utf8'),
  ]);
  return { classic, esm, types: shippedTypes(declarations) };
}

async function bundle(entry: string, format: 'iife' | 'esm'): Promise<string> {
  // Loaded on use: importing this file stays cheap where the SDK is never built.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, here))],
    bundle: true,
    format,
    minify: true,
    write: false,
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * `overlay.d.ts` plus the global `Overlay` of the classic script. Authors add the
 * file to their project; for `import ... from '/sdk.mjs'` they map it with
 * `"paths": { "/sdk.mjs": ["./sdk.d.ts"] }` in tsconfig.json.
 */
function shippedTypes(declarations: string): string {
  return [
    '// Types of the overlay module SDK: the global `Overlay` of /sdk.js, and the exports of /sdk.mjs',
    '// (tsconfig.json: "paths": { "/sdk.mjs": ["./sdk.d.ts"] }).',
    declarations.trimEnd(),
    '',
    'declare global {',
    '  var Overlay: OverlayApi;',
    '}',
    '',
  ].join('\n');
}
