/**
 * Unpacks one Chromium of `@sparticuz/chromium` into the engine cache, once per
 * machine: `npm pack` fetches the package (it is never a dependency of the
 * project), then its Brotli-packed binary and SwiftShader libraries are unpacked
 * side by side. Parallel workers may race; the first complete copy wins.
 */
import { execFile, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';
import { OBS_ENGINE_PACKAGE, obsEngineCache } from '../obsEngines.ts';

const run = promisify(execFile);

/** The executable of engine `version` in `cache`, unpacked first if it is not there yet. */
export async function installObsEngine(version: string, cache = obsEngineCache()): Promise<string> {
  const target = join(cache, version);
  const executable = join(target, 'chromium');
  if (existsSync(executable)) return executable;
  await mkdir(cache, { recursive: true });
  const staging = join(cache, `.staging-${version}-${process.pid}-${Date.now()}`);
  try {
    await unpackInto(version, staging);
    await rename(join(staging, 'engine'), target).catch((error: NodeJS.ErrnoException) => {
      // Another process finished first: its copy is the same.
      if (!existsSync(executable)) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return executable;
}

async function unpackInto(version: string, staging: string): Promise<void> {
  const engine = join(staging, 'engine');
  await mkdir(engine, { recursive: true });
  const spec = `${OBS_ENGINE_PACKAGE}@${version}`;
  try {
    await run('npm', ['pack', spec, '--pack-destination', staging, '--silent'], { maxBuffer: 1 << 20 });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`cannot fetch ${spec} with npm pack (set OBS_ENGINES=none to leave the engines out): ${detail}`);
  }
  const tarball = (await readdir(staging)).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${spec} wrote no tarball`);
  await run('tar', ['--no-same-owner', '-xzf', join(staging, tarball), '-C', staging, 'package/bin']);
  const bin = join(staging, 'package', 'bin');
  await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(engine, 'chromium')));
  await chmod(join(engine, 'chromium'), 0o755);
  // libEGL, libGLESv2 and SwiftShader's Vulkan: Chromium looks for them beside itself.
  await untar(join(bin, 'swiftshader.tar.br'), engine);
}

/** Unpacks a Brotli-compressed tar archive into `folder` with the system's tar. */
async function untar(archive: string, folder: string): Promise<void> {
  const tar = spawn('tar', ['--no-same-owner', '-xf', '-', '-C', folder], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve, reject) => {
    tar.on('error', reject);
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar -xf ${archive} failed: ${stderr.trim()}`))));
  });
  await pipeline(createReadStream(archive), createBrotliDecompress(), tar.stdin);
  await exited;
}
