import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiServerCommand } from '../../server/index.ts';

const TSX_LOADER = pathToFileURL(fileURLToPath(new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const BARE = fileURLToPath(new URL('./bareLiveServer.ts', import.meta.url));

/** A server in a process of its own, with what the live figures read of it. */
export interface LiveServerProcess {
  url: string;
  /** Resident memory of the process now, in bytes (Linux: /proc/<pid>/status). */
  rss(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The reference API (`npm run api`, memory store) allowing `maxConnections` live connections to the one demo user,
 * behind one proxy as a deployment serving that many overlays is (`--trust-proxy 1`): each client of
 * openLiveClients names its own address in `X-Forwarded-For`, so the per-address caps see the many clients a
 * real deployment sees, not one address opening thousands of sockets.
 */
export function spawnReferenceLive(maxConnections: number): Promise<LiveServerProcess> {
  const { command, args } = apiServerCommand(['--port', '0', '--store', 'memory', '--max-live-connections', String(maxConnections), '--trust-proxy', '1']);
  return spawnListening(command, args);
}

/** The bare `ws` baseline (bareLiveServer.ts). */
export function spawnBareLive(): Promise<LiveServerProcess> {
  return spawnListening(process.execPath, ['--import', TSX_LOADER, BARE]);
}

function spawnListening(command: string, args: string[]): Promise<LiveServerProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const rss = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /API listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, rss, stop });
    });
  });
}
