import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiServerCommand } from '../../server/index.ts';

const TSX_LOADER = pathToFileURL(fileURLToPath(new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const BARE = fileURLToPath(new URL('./bareServer.ts', import.meta.url));

/** A server in a process of its own, so that the load generator does not share its event loop. */
export interface SpawnedServer {
  url: string;
  stop(): Promise<void>;
}

/** The reference API (its CLI, `npm run api`) with the store `store` (`sqlite:<path>`, `memory`), and more flags if given. */
export function spawnReferenceServer(store: string, flags: readonly string[] = []): Promise<SpawnedServer> {
  const { command, args } = apiServerCommand(['--port', '0', '--store', store, ...flags]);
  return spawnListening(command, args);
}

/** The bare node:http baseline (bareServer.ts), run the same way. */
export function spawnBareServer(): Promise<SpawnedServer> {
  return spawnListening(process.execPath, ['--import', TSX_LOADER, BARE]);
}

/** Starts the process and resolves once it prints `API listening on <url>`. */
export function spawnListening(command: string, args: string[]): Promise<SpawnedServer> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /API listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => stop(child) });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
