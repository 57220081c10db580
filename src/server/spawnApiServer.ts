import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(fileURLToPath(new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;

/**
 * The command that runs the CLI in one Node process. Not `tsx main.ts`: the tsx
 * CLI runs the server in a child of its own, so a SIGKILL would miss the server.
 */
export function apiServerCommand(args: readonly string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', TSX_LOADER, MAIN, ...args] };
}

export interface SpawnedApiServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything printed to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout matches `pattern`; rejects after `timeoutMs` or when the process ends first. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnApiServerOptions {
  /** CLI flags, e.g. `['--port', '0', '--store', 'memory']`. */
  args?: readonly string[];
  cwd?: string;
  /** Give up waiting for the listening line after this long. @default 30000 */
  timeoutMs?: number;
  /** Variables added to this process's environment for the server (e.g. `OVERLAY_STORE`). @default {} */
  env?: Record<string, string>;
}

/** Starts the CLI as a child process; resolves once it prints `API listening on <url>`. */
export function spawnApiServer({ args = [], cwd, timeoutMs = 30_000, env = {} }: SpawnApiServerOptions = {}): Promise<SpawnedApiServer> {
  const { command, args: argv } = apiServerCommand(args);
  const child = spawn(command, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no listening line within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`API server did not start: ${why}\nstdout: ${out}\nstderr: ${err}`));
    };
    let started = false;
    exited.then(({ code, signal }) => started || fail(`exited with ${code ?? signal}`));
    child.stdout!.on('data', () => {
      const url = /^API listening on (http:\/\/\S+)$/m.exec(out)?.[1];
      if (!url || started) return;
      started = true;
      clearTimeout(timer);
      const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
        child.kill(signal);
        return exited;
      };
      const waitForStdout = (pattern: RegExp, ms = 5000) => waitFor(child, () => pattern.exec(out), ms, pattern);
      resolve({ url, port: Number(new URL(url).port), child, stdout: () => out, stderr: () => err, waitForStdout, exited, stop });
    });
  });
}

function waitFor<T>(child: ChildProcess, check: () => T | null, timeoutMs: number, what: RegExp): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
    };
    const onData = () => {
      const found = check();
      if (found) {
        done();
        resolve(found);
      }
    };
    const onExit = () => done(new Error(`API server exited before printing ${what}`));
    const timer = setTimeout(() => done(new Error(`API server did not print ${what} within ${timeoutMs} ms`)), timeoutMs);
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
    onData();
  });
}
