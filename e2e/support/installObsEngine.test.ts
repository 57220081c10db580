import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type FetchPackage, installObsEngine } from './installObsEngine.ts';

const LIBRARIES = ['libEGL.so', 'libGLESv2.so', 'libvk_swiftshader.so'];
const work = mkdtempSync(join(tmpdir(), 'obs-engine-test-'));
let cache = '';

/**
 * A package shaped as `@sparticuz/chromium`'s: `package/bin/chromium.br` and
 * `package/bin/swiftshader.tar.br`. Its archive runs on for `padding` zero bytes past
 * its end marker, where tar stops reading (the real ones end 2,453 bytes after it).
 */
function fakePackage(name: string, { padding = 0, swiftshader = true } = {}): string {
  const root = join(work, name);
  const bin = join(root, 'package', 'bin');
  const libraries = join(root, 'libraries');
  mkdirSync(bin, { recursive: true });
  mkdirSync(libraries);
  writeFileSync(join(bin, 'chromium.br'), brotliCompressSync('#!/bin/sh\necho Chromium\n'));
  for (const library of LIBRARIES) writeFileSync(join(libraries, library), `${library}\n`.repeat(4096));
  execFileSync('tar', ['-cf', join(root, 'swiftshader.tar'), '-C', libraries, ...LIBRARIES]);
  const archive = Buffer.concat([readFileSync(join(root, 'swiftshader.tar')), Buffer.alloc(padding)]);
  if (swiftshader) writeFileSync(join(bin, 'swiftshader.tar.br'), brotliCompressSync(archive));
  execFileSync('tar', ['-czf', join(root, 'package.tgz'), '-C', root, 'package']);
  return join(root, 'package.tgz');
}

/** A fetch that copies `tarball` and counts its calls. */
function fetchOf(tarball: string): FetchPackage & { specs: string[] } {
  const specs: string[] = [];
  const fetch = async (spec: string, folder: string) => {
    specs.push(spec);
    copyFileSync(tarball, join(folder, 'package.tgz'));
    return join(folder, 'package.tgz');
  };
  return Object.assign(fetch, { specs });
}

const wholePackage = fakePackage('whole');

function engineFiles(version: string): string[] {
  return readdirSync(join(cache, version)).sort();
}

beforeEach(() => {
  cache = mkdtempSync(join(work, 'cache-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('installObsEngine', () => {
  it('unpacks the binary and SwiftShader side by side, once: a second call reuses them', async () => {
    const fetchPackage = fetchOf(wholePackage);
    const executable = await installObsEngine('103.0.0', { cache, fetchPackage });
    expect(executable).toBe(join(cache, '103.0.0', 'chromium'));
    expect(execFileSync(executable, { encoding: 'utf8' })).toBe('Chromium\n');
    expect(engineFiles('103.0.0')).toEqual(['chromium', ...LIBRARIES].sort());
    expect(await installObsEngine('103.0.0', { cache, fetchPackage })).toBe(executable);
    expect(fetchPackage.specs).toEqual(['@sparticuz/chromium@103.0.0']);
    expect(readdirSync(cache)).toEqual(['103.0.0']);
  });

  it('unpacks a SwiftShader archive that runs on past its end marker, where tar exits before its input ends', async () => {
    // Piped to tar's stdin, the rest of the archive met a closed pipe: "Premature close".
    const fetchPackage = fetchOf(fakePackage('padded', { padding: 1 << 20 }));
    await installObsEngine('103.0.0', { cache, fetchPackage });
    expect(engineFiles('103.0.0')).toEqual(['chromium', ...LIBRARIES].sort());
  });

  it('gives two installs racing into an empty cache the same whole engine, and keeps one copy', async () => {
    let arrived = 0;
    let bothArrived = () => {};
    const barrier = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    const fetchWhole = fetchOf(wholePackage);
    // Each waits for the other before it unpacks, so both are past the check for a finished engine.
    const fetchPackage: FetchPackage = async (spec, folder) => {
      arrived += 1;
      if (arrived === 2) bothArrived();
      await barrier;
      return fetchWhole(spec, folder);
    };
    const [first, second] = await Promise.all([installObsEngine('127.0.0', { cache, fetchPackage }), installObsEngine('127.0.0', { cache, fetchPackage })]);
    expect(fetchWhole.specs).toHaveLength(2);
    expect(second).toBe(first);
    expect(engineFiles('127.0.0')).toEqual(['chromium', ...LIBRARIES].sort());
    expect(readdirSync(cache)).toEqual(['127.0.0']);
  });

  it('never shows the engine before all of it is there', async () => {
    const sightings: string[][] = [];
    let installing = true;
    const watch = async () => {
      while (installing) {
        if (existsSync(join(cache, '103.0.0', 'chromium'))) sightings.push(engineFiles('103.0.0'));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const watching = watch();
    await installObsEngine('103.0.0', { cache, fetchPackage: fetchOf(wholePackage) }).finally(() => {
      installing = false;
    });
    await watching;
    expect(sightings.filter((files) => files.length !== LIBRARIES.length + 1)).toEqual([]);
  });

  it('leaves nothing behind when unpacking fails, names the package, and a later install succeeds', async () => {
    const broken = fetchOf(fakePackage('no-swiftshader', { swiftshader: false }));
    await expect(installObsEngine('103.0.0', { cache, fetchPackage: broken })).rejects.toThrow(/^cannot unpack @sparticuz\/chromium@103\.0\.0 into .*103\.0\.0: .*swiftshader\.tar\.br/);
    expect(readdirSync(cache)).toEqual([]);
    await installObsEngine('103.0.0', { cache, fetchPackage: fetchOf(wholePackage) });
    expect(engineFiles('103.0.0')).toContain('libEGL.so');
  });

  it('sweeps the staging folders of workers that no longer run, and keeps those of running ones', async () => {
    for (const name of ['.staging-103.0.0-111-aB3xYz', '.staging-127.0.0-222-Qw9rTy']) mkdirSync(join(cache, name, 'engine'), { recursive: true });
    await installObsEngine('103.0.0', { cache, fetchPackage: fetchOf(wholePackage), isRunning: (pid) => pid === 222 });
    expect(readdirSync(cache).sort()).toEqual(['.staging-127.0.0-222-Qw9rTy', '103.0.0']);
  });
});
