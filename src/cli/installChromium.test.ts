import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installChromium } from './installChromium.ts';

describe('installChromium', () => {
  it('runs apt-get by its absolute path, whatever PATH holds (npm puts node_modules/.bin first)', () => {
    const runs: { file: string; args: string[]; env: NodeJS.ProcessEnv }[] = [];
    installChromium((file, args, { env }) => runs.push({ file, args, env }), { PATH: '/work/node_modules/.bin:/usr/bin' });
    expect(runs.map(({ file, args }) => [file, ...args])).toEqual([
      ['/usr/bin/apt-get', 'update', '-qq'],
      ['/usr/bin/apt-get', 'install', '-y', '-qq', 'chromium'],
    ]);
    expect(runs.every(({ file }) => isAbsolute(file))).toBe(true);
    expect(runs[0]!.env.DEBIAN_FRONTEND).toBe('noninteractive');
  });
});
