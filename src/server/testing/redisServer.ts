import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

/** A real `redis-server` on a loopback port, for tests: AOF on with `appendfsync always`, no snapshots. */
export interface TestRedisServer {
  port: number;
  /** `redis://127.0.0.1:<port>` */
  url: string;
  /** Its working directory (the AOF lives here). */
  dir: string;
  /** Stops the server (SIGTERM: clean shutdown; SIGKILL: a crash) and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Sends a signal without waiting (SIGSTOP and SIGCONT: a Redis that hangs, then wakes). */
  signal(signal: NodeJS.Signals): void;
  /** Starts it again on the same port and directory: it reloads its AOF. */
  restart(): Promise<void>;
  /** Stops it and removes its directory. Safe to call twice. */
  dispose(): Promise<void>;
}

/** The binary; CI installs Debian's `redis-server` package. */
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/** Starts a private redis-server in a fresh temporary directory on a free loopback port. */
export async function startRedisServer(): Promise<TestRedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'overlay-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      // Another process may have taken the port between the probe and the bind.
      if (attempt >= 3 || !/Address already in use/.test(String(error))) throw error;
    }
  }
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    child = undefined;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    }
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    stop,
    signal: (signal) => void child?.kill(signal),
    async restart() {
      await stop();
      child = await launch(port, dir);
    },
    async dispose() {
      await stop('SIGKILL');
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Spawns redis-server and resolves once it accepts connections (its AOF loaded). */
function launch(port: number, dir: string): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always'];
  args.push('--save', '', '--daemonize', 'no', '--logfile', '', '--loglevel', 'notice');
  const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('not ready within 10 s'), 10_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`redis-server on port ${port} did not start: ${why}\n${output}`));
    };
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`exited with ${code ?? signal}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!/Ready to accept connections/.test(output)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  });
}

