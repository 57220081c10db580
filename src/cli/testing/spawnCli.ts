import { type ChildProcess, spawn } from 'node:child_process';

/** A command of `src/cli` running as its own process, for tests of what it prints and serves. */
export interface SpawnedCli {
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Stops it (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
}

/** Runs `src/cli/<script>` with `args` and resolves once its output matches `ready`. */
export async function spawnCli(script: string, args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<SpawnedCli> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return {
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export { freePort } from '../../server/testing/freePort.ts';
