import { readFileSync } from 'node:fs';
import { type SpawnedApiServer, spawnApiServer } from '../../server/index.ts';

/**
 * One API instance of the soak: the CLI (src/server/main.ts) in a child
 * process on a fixed loopback port, so that a restart comes back where the
 * balancer expects it. Its peak RSS (VmHWM) is sampled while it runs, because
 * a killed process takes its /proc entry with it.
 */
export class ApiInstance {
  private server: SpawnedApiServer | undefined;
  private lives = 0;
  /** Peak RSS in bytes of each process this instance has been, in order. */
  readonly peaks: number[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly args: readonly string[],
  ) {}

  async start(): Promise<void> {
    this.server = await spawnApiServer({ args: ['--port', String(this.port), ...this.args], timeoutMs: 60_000 });
    this.peaks[this.lives++] = 0;
  }

  /** Reads VmHWM of the running process; call it often (once a second). */
  sample(): void {
    const pid = this.server?.child.pid;
    if (pid === undefined || this.server?.child.exitCode !== null) return;
    try {
      const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      this.peaks[this.lives - 1] = Math.max(this.peaks[this.lives - 1] ?? 0, kb * 1024);
    } catch {
      // The process is gone between the check and the read: the last sample stands.
    }
  }

  /** SIGKILL: no close frames, no goodbye; connections simply drop. */
  async kill(): Promise<void> {
    this.sample();
    await this.server?.stop('SIGKILL');
    this.server = undefined;
  }

  /** SIGTERM, waiting for the exit; used at the end. */
  async stop(): Promise<void> {
    this.sample();
    await this.server?.stop('SIGTERM');
    this.server = undefined;
  }

  /** Kills the process at once, for an exit hook (no await possible there). */
  killNow(): void {
    this.server?.child.kill('SIGKILL');
  }
}
