import { UsageError } from './UsageError.ts';

/**
 * Every flag of `npm run api` (and of `npm start` and `npm run dev`) may come
 * from the environment instead, as container platforms and secret stores hand
 * settings over: `--store` from `OVERLAY_STORE`, i.e. `OVERLAY_` and the flag's
 * name in upper snake case. A few flags also read the name a platform already
 * uses (`PORT`). A flag on the command line wins over the environment.
 */
export function envName(flag: string): string {
  return `OVERLAY_${flag.replace(/-/g, '_').toUpperCase()}`;
}

/** Names a platform or an older release uses, read after the `OVERLAY_` one. */
const ALSO_FROM: Record<string, string[]> = { port: ['PORT'], 'twitch-client-id': ['TWITCH_CLIENT_ID'] };

/** The variables that feed `--flag`, the first one set winning. */
export function envNames(flag: string): string[] {
  return [envName(flag), ...(ALSO_FROM[flag] ?? [])];
}

export type FlagValues = Record<string, string | boolean | undefined>;
type Env = Record<string, string | undefined>;

/** True when `flag` is set, on the command line (`argv`, before parsing) or in `env`. */
export function settingGiven(flag: string, argv: readonly string[], env: Env): boolean {
  return argv.some((arg) => arg === `--${flag}` || arg.startsWith(`--${flag}=`)) || envNames(flag).some((name) => Boolean(env[name]));
}

/**
 * The flags given, and for each flag not given the variable that feeds it
 * (an empty variable counts as unset). A flag and its `-file` form are one
 * setting: either on the command line hides the variables of both. `fromEnv`
 * names the variable each value came from, for messages.
 */
export function withEnvironment(values: FlagValues, flags: Record<string, { type: 'string' | 'boolean' }>, env: Env): { values: FlagValues; fromEnv: Map<string, string> } {
  const merged: FlagValues = { ...values };
  const fromEnv = new Map<string, string>();
  for (const [flag, { type }] of Object.entries(flags)) {
    if (flag === 'help' || givenAsFlag(values, flag)) continue;
    const variable = envNames(flag).find((name) => Boolean(env[name]));
    if (!variable) continue;
    merged[flag] = type === 'boolean' ? booleanVariable(flag, variable, env[variable]!) : env[variable];
    fromEnv.set(flag, variable);
  }
  return { values: merged, fromEnv };
}

function givenAsFlag(values: FlagValues, flag: string): boolean {
  const setting = flag.endsWith('-file') ? flag.slice(0, -'-file'.length) : flag;
  return values[setting] !== undefined || values[`${setting}-file`] !== undefined;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function booleanVariable(flag: string, variable: string, text: string): boolean {
  const word = text.trim().toLowerCase();
  if (TRUE.has(word)) return true;
  if (FALSE.has(word)) return false;
  throw new UsageError(`--${flag} (from ${variable}): expected true or false (1 or 0, yes or no, on or off)`);
}

/**
 * `usage` with the variables of each flag it lists: every line that starts a
 * flag (`  --store <url> ...`) gets `[OVERLAY_STORE]` at its end. Generated,
 * so that a flag added to the usage text says its variable without more work.
 */
export function withEnvNames(usage: string): string {
  return usage
    .split('\n')
    .map((line) => {
      const flag = /^ {2}--([a-z0-9-]+)/.exec(line)?.[1];
      return flag && flag !== 'help' ? `${line}  [${envNames(flag).join(', ')}]` : line;
    })
    .join('\n');
}
