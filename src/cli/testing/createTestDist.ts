import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A built site as `npm start` serves it, in a new temporary folder: `index.html` holding `page`, and no modules (an empty `modules/`). */
export async function createTestDist(page: string): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'overlay-start-'));
  await writeFile(join(dist, 'index.html'), `<!doctype html><p>${page}</p>`);
  await mkdir(join(dist, 'modules'));
  return dist;
}
