export interface BenchArgs {
  /** Row or figure names to run; empty: all. */
  names: string[];
  /** Where to write the JSON, if asked. */
  jsonPath: string | null;
  help: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [name ...] [--json <file>]
  name         a figure or row name (e.g. db.get, server, scaling.ready); a name also selects the rows below it
  --json file  also write {"figures": [{name, value, unit, baseline, ratio, target, met, min, max, runs}], "unmeasured": [{row, why}], "machine": {...}}
  A row asked for that cannot be measured fails the run: exit code 1, and the rows and why listed on stderr after the table
  --help       this text, and the list of names`;

/** Parses `npm run bench -- ...`; throws on an unknown flag or a flag without its value. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { names: [], jsonPath: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--json') args.jsonPath = flagValue(argv, ++i, '--json');
    else if (arg.startsWith('--json=')) args.jsonPath = arg.slice('--json='.length);
    else if (arg.startsWith('-')) throw new Error(`unknown flag ${arg}\n${BENCH_USAGE}`);
    else args.names.push(arg);
  }
  return args;
}

function flagValue(argv: readonly string[], at: number, flag: string): string {
  const value = argv[at];
  if (!value || value.startsWith('--')) throw new Error(`${flag} needs a file name`);
  return value;
}
