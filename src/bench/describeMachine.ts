import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { chromiumPath } from '../../e2e/index.ts';

/** What the figures were measured on: they only compare within one run, but the machine still shows through. */
export interface Machine {
  cpus: number;
  memoryGB: number;
  node: string;
  chromium: string;
  /** 1-minute load average when the run started and when it ended. */
  loadAtStart: number;
  loadAtEnd: number | null;
}

export function describeMachine(): Machine {
  return {
    cpus: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromiumVersion(),
    loadAtStart: loadavg()[0]!,
    loadAtEnd: null,
  };
}

/** One line for under the table. */
export function formatMachine(machine: Machine): string {
  const load = `load average ${machine.loadAtStart.toFixed(1)} at start, ${machine.loadAtEnd?.toFixed(1) ?? '?'} at end`;
  return `Measured on ${machine.cpus} CPUs, ${machine.memoryGB} GB, Node ${machine.node}, ${machine.chromium}; ${load}.`;
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'Chromium (version unknown)';
  }
}
