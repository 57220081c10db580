import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('./toolModule/', import.meta.url));

/** `bench.tool.m01` ... : the ids of the bench's tool modules. */
export function toolModuleId(index: number): string {
  return `bench.tool.m${String(index + 1).padStart(2, '0')}`;
}

/**
 * Writes `count` copies of the bench's tool module (src/bench/overlay/toolModule)
 * into `dir`, one folder per id, for `OVERLAY_MODULE_DIRS`. Returns the ids.
 */
export async function writeToolModules(dir: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => toolModuleId(i));
  for (const [i, id] of ids.entries()) {
    await cp(TEMPLATE, join(dir, id), { recursive: true });
    // `live` is a setting so that dock.latency can write it from the dock's form.
    const settings = { live: { type: 'number', label: `Live value ${i + 1}`, default: 0 } };
    const manifest = { name: `Bench tool ${i + 1}`, kind: 'tool', width: 1920, height: 1080, settings };
    await writeFile(join(dir, id, 'module.json'), `${JSON.stringify(manifest)}\n`);
  }
  return ids;
}
