import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A fresh temporary folder for a test's Vite root. */
export function makeTempRoot(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'overlay-modules-'));
}

/**
 * Test helper: writes `<dir>/<id>/` with a manifest (an object, or raw text for
 * broken JSON) and files (default: a one-line `index.html`).
 */
export async function writeFixtureModule(
  dir: string,
  id: string,
  manifest: object | string | undefined,
  files: Record<string, string> = { 'index.html': `<p>${id}</p>\n` },
): Promise<string> {
  const folder = join(dir, id);
  await mkdir(folder, { recursive: true });
  if (manifest !== undefined) {
    const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
    await writeFile(join(folder, 'module.json'), text);
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, name)), { recursive: true });
    await writeFile(join(folder, name), text);
  }
  return folder;
}
