import { readFileSync } from 'node:fs';
import type { FlagValues } from './flagsFromEnv.ts';
import { UsageError } from './UsageError.ts';

/**
 * A secret given as `--<flag> <value>` or as `--<flag>-file <path>` (a file
 * holding it, as container platforms mount secrets; surrounding whitespace and
 * the final newline are dropped). Errors name the flag and the file, never the
 * secret: a message may end up in a log.
 */
export function secretSetting(values: FlagValues, flag: string): string | undefined {
  const value = values[flag] as string | undefined;
  const path = values[`${flag}-file`] as string | undefined;
  if (value !== undefined && path !== undefined) throw new UsageError(`--${flag}: give the secret or --${flag}-file, not both`);
  if (path === undefined) return value;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag}-file: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const secret = text.trim();
  if (secret === '') throw new UsageError(`--${flag}-file: ${path} is empty`);
  return secret;
}
