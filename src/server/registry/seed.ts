import { readFile } from 'node:fs/promises';
import * as z from 'zod/mini';
import { KINDS, KindSchema, type Profile, ProfileSchema } from '../../api/index.ts';
import { formatIssuePath } from './formatIssuePath.ts';

/** A token travels in an `Authorization` header, so it is visible ASCII without spaces. */
const TokenTextSchema = z.string().check(z.regex(/^[\x21-\x7e]+$/, 'token must be 1 or more visible ASCII characters'));

export const SeedTokenSchema = z.discriminatedUnion('context', [
  z.strictObject({ token: TokenTextSchema, context: z.literal('overlay'), overlay: KindSchema }),
  z.strictObject({ token: TokenTextSchema, context: z.literal('website') }),
]);
export type SeedToken = z.infer<typeof SeedTokenSchema>;

export const SeedUserSchema = z.strictObject({
  /** A complete `GET /me` body; the user's id is `profile.user.userId`. */
  profile: ProfileSchema,
  tokens: z._default(z.array(SeedTokenSchema), []),
});

/** The seed file: every user the server knows, with their profile and fixed tokens. */
export const SeedSchema = z.looseObject({ users: z.array(SeedUserSchema).check(z.minLength(1)) });
export interface Seed {
  users: Array<{ profile: Profile; tokens: SeedToken[] }>;
}

/** A seed that cannot be used; `issues` name each bad field (`users[0].profile.user.registered: ...`). */
export class SeedError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(issues.join('\n'));
    this.name = 'SeedError';
    this.issues = issues;
  }
}

const english = z.locales.en();

/** Validates a seed strictly; profiles are returned exactly as given (extra members kept). */
export function parseSeed(raw: unknown): Seed {
  const result = SeedSchema.safeParse(raw, { error: english.localeError });
  if (!result.success) {
    throw new SeedError(result.error.issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`));
  }
  const rawUsers = (raw as { users: Array<{ profile: Profile }> }).users;
  const seed: Seed = {
    users: result.data.users.map((user, i) => ({ profile: structuredClone(rawUsers[i]!.profile), tokens: user.tokens })),
  };
  const duplicates = findDuplicates(seed);
  if (duplicates.length > 0) throw new SeedError(duplicates);
  return seed;
}

/** Reads and validates a seed file; every failure is a SeedError naming the file. */
export async function loadSeedFile(path: string): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedError([`${path}: cannot read the seed file (${(error as NodeJS.ErrnoException).code ?? error})`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SeedError([`${path}: not valid JSON (${(error as Error).message})`]);
  }
  return parseSeed(raw);
}

/** User ids, tokens and overlay ids must each identify exactly one thing. */
function findDuplicates(seed: Seed): string[] {
  const problems: string[] = [];
  const seen = { userId: new Map<string, string>(), token: new Map<string, string>(), overlay: new Map<string, string>() };
  const claim = (space: keyof typeof seen, value: string, where: string, what: string) => {
    const first = seen[space].get(value);
    if (first === undefined) seen[space].set(value, where);
    else problems.push(`${where}: ${what} ${JSON.stringify(value)} is already used by ${first}`);
  };
  seed.users.forEach(({ profile, tokens }, u) => {
    claim('userId', profile.user.userId, `users[${u}].profile.user.userId`, 'user id');
    for (const kind of KINDS) {
      const where = `users[${u}].profile.overlays.${kind}`;
      if (profile.overlays[kind] === '') problems.push(`${where}: overlay id must not be empty`);
      else claim('overlay', profile.overlays[kind], where, 'overlay id');
    }
    tokens.forEach(({ token }, t) => {
      claim('token', token, `users[${u}].tokens[${t}].token`, 'token');
    });
  });
  return problems;
}
