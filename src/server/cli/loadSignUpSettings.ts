import { readFile } from 'node:fs/promises';
import { SelectedSchema } from '../../api/index.ts';
import type { SignUpSettings } from '../signin/index.ts';
import type { SignupFlags } from './signupFlags.ts';

/** The sign-up settings of the flags, with `--default-selection`'s file read and checked; throws a message naming the flag. */
export async function loadSignUpSettings(flags: SignupFlags, clientId: string): Promise<SignUpSettings> {
  const { publicUrl, clientSecret, allowedLogins, maxSignupsPerHour, maxSignInStartsPerAddress, maxSignInStarts, defaultSelectionPath } = flags;
  const starts = { ...(maxSignInStartsPerAddress !== undefined && { maxSignInStartsPerAddress }), ...(maxSignInStarts !== undefined && { maxSignInStarts }) };
  const settings: SignUpSettings = { clientId, clientSecret, publicUrl, maxSignupsPerHour, ...starts, ...(allowedLogins && { allowedLogins }) };
  if (!defaultSelectionPath) return settings;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(defaultSelectionPath, 'utf8'));
  } catch (error) {
    throw new Error(`--default-selection: cannot read ${defaultSelectionPath}: ${(error as Error).message}`);
  }
  const parsed = SelectedSchema.safeParse(json);
  if (!parsed.success) throw new Error(`--default-selection: ${defaultSelectionPath} is not {game, tools, background, event}: ${parsed.error.issues[0]?.message}`);
  const { game, tools, background, event } = parsed.data;
  return { ...settings, defaultSelection: { game, tools: [...new Set(tools)], background, event } };
}
