export const SOAK_USAGE = `Usage: npm run soak -- [--seconds <n>]
  --seconds n  length of the writes, 10..3600 (default 60); the faults scale with it`;

/** Parses `npm run soak -- ...`; throws with the usage on anything else. */
export function parseSoakArgs(argv: readonly string[]): { seconds: number; help: boolean } {
  let seconds = 60;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--seconds' || arg.startsWith('--seconds=')) {
      const text = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      seconds = Number(text);
      if (!Number.isInteger(seconds) || seconds < 10 || seconds > 3600) throw new Error(`--seconds must be an integer from 10 to 3600, got ${text}\n${SOAK_USAGE}`);
    } else throw new Error(`unknown argument ${arg}\n${SOAK_USAGE}`);
  }
  return { seconds, help };
}
