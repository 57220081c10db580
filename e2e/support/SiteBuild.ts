import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';

/** `npm run build` into a folder of its own, with build options from the environment. */
export async function buildSite(outDir: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { code, output } = await finished(child);
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
}

/** Removes a build folder. */
export function removeSite(outDir: string): Promise<void> {
  return rm(outDir, { recursive: true, force: true });
}

/** `npm start` serving a build: resolves once it has printed its overlay addresses; `overlays` are the streamer's ids by kind, `output()` is all it printed so far. */
export async function startPageServer(args: string[]): Promise<{ url: string; overlays: Record<string, string>; output(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/start.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Overlay server listening on (\S+)[\s\S]*\?overlay=\S+\n[\s\S]*Studio/.exec(output);
      if (found) done(found[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  const overlays = Object.fromEntries([...output.matchAll(/^ {2}(\w+) +\S+\/\?overlay=(\S+)$/gm)].map(([, kind, id]) => [kind!, decodeURIComponent(id!)]));
  return { url, overlays, output: () => output, stop };
}

function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}
