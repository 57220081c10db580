import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInsideRealFolder } from './isInsideRealFolder.ts';

let root: string;
let folder: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'overlay-realpath-'));
  folder = join(root, 'mod');
  await mkdir(join(folder, 'sub'), { recursive: true });
  await writeFile(join(folder, 'sub/a.txt'), 'a');
  await writeFile(join(root, 'outside.txt'), 'secret');
  await symlink('sub/a.txt', join(folder, 'inner-link'));
  await symlink('sub', join(folder, 'inner-dir'));
  await symlink('/etc/passwd', join(folder, 'passwd'));
  await symlink('/', join(folder, 'root'));
  await symlink('../outside.txt', join(folder, 'up'));
  await symlink(folder, join(root, 'mod-link'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('isInsideRealFolder', () => {
  it('accepts plain files and symlinks that stay inside', async () => {
    expect(await isInsideRealFolder(folder, join(folder, 'sub/a.txt'))).toBe(true);
    expect(await isInsideRealFolder(folder, join(folder, 'inner-link'))).toBe(true);
    expect(await isInsideRealFolder(folder, join(folder, 'inner-dir/a.txt'))).toBe(true);
  });

  it('refuses file and folder symlinks that point out, and missing files', async () => {
    expect(await isInsideRealFolder(folder, join(folder, 'passwd'))).toBe(false);
    expect(await isInsideRealFolder(folder, join(folder, 'root/etc/passwd'))).toBe(false);
    expect(await isInsideRealFolder(folder, join(folder, 'up'))).toBe(false);
    expect(await isInsideRealFolder(folder, join(folder, 'missing.txt'))).toBe(false);
  });

  it('compares real paths, so a module folder reached through a symlink still works', async () => {
    expect(await isInsideRealFolder(join(root, 'mod-link'), join(root, 'mod-link/sub/a.txt'))).toBe(true);
  });
});
