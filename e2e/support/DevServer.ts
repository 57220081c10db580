import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../src/server/testing/freePort.ts';

/** `npm run dev` as a module author runs it: Vite with hot reload and the API under /api. */
export class DevServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly printed: () => string,
  ) {}

  /** Everything it printed so far (stdout and stderr). */
  output(): string {
    return this.printed();
  }

  /** Starts it on a free port; `env` may add module folders (`OVERLAY_MODULE_DIRS`). */
  static async start(args: string[], env: Record<string, string> = {}): Promise<DevServer> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/dev.ts', '--port', String(port), '--no-open', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Dev server on')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`dev server exited with ${code}:\n${output}`)));
    });
    return new DevServer(child, url, () => output);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
