import { DEFAULT_MAX_SIGNUPS_PER_HOUR } from '../signin/index.ts';

/** `--signup twitch` and its flags, as parsed; `--default-selection` is read from its file at start. */
export interface SignupFlags {
  publicUrl: string;
  clientSecret: string;
  allowedLogins?: string[];
  maxSignupsPerHour: number;
  /** `--max-sign-in-starts-per-address`; absent: the default. */
  maxSignInStartsPerAddress?: number;
  /** `--max-sign-in-starts`; absent: the default. */
  maxSignInStarts?: number;
  defaultSelectionPath?: string;
}

/** A flag problem, named; parseCliArgs turns it into its UsageError. */
export type FlagProblem = (message: string) => Error;

// `--public-url` is not among them: media URLs use it too (parseCliArgs reads it).
const OWN_FLAGS = ['allowed-logins', 'max-signups-per-hour', 'max-sign-in-starts-per-address', 'max-sign-in-starts', 'default-selection'] as const;

/**
 * Reads the sign-up flags: `--signup twitch` needs `--twitch-client-id`, `--twitch-client-secret`
 * and `--public-url`; its other flags without `--signup` are a mistake worth naming.
 */
export function signupFlags(values: Record<string, string | boolean | undefined>, clientId: string | undefined, problem: FlagProblem): SignupFlags | undefined {
  const text = (name: string) => values[name] as string | undefined;
  const signup = text('signup');
  if (signup === undefined) {
    const stray = OWN_FLAGS.find((name) => text(name) !== undefined);
    if (stray) throw problem(`--${stray}: only with --signup twitch`);
    return undefined;
  }
  if (signup !== 'twitch') throw problem(`--signup: the only sign-up is "twitch", got ${JSON.stringify(signup)}`);
  if (!clientId) throw problem('--signup: needs --twitch-client-id (or TWITCH_CLIENT_ID)');
  const clientSecret = text('twitch-client-secret');
  if (!clientSecret) throw problem('--signup: needs --twitch-client-secret (the code exchange is made with the app\'s secret)');
  const publicUrl = text('public-url');
  if (!publicUrl) throw problem('--signup: needs --public-url, the API\'s public base URL (Twitch redirects to <public url>/auth/twitch/callback)');
  return {
    publicUrl: checkPublicUrl(publicUrl, problem),
    clientSecret,
    allowedLogins: allowedLogins(text('allowed-logins'), problem),
    maxSignupsPerHour: count('max-signups-per-hour', text('max-signups-per-hour'), problem) ?? DEFAULT_MAX_SIGNUPS_PER_HOUR,
    maxSignInStartsPerAddress: count('max-sign-in-starts-per-address', text('max-sign-in-starts-per-address'), problem),
    maxSignInStarts: count('max-sign-in-starts', text('max-sign-in-starts'), problem),
    defaultSelectionPath: text('default-selection') || undefined,
  };
}

/** HTTPS, or HTTP on a loopback address (a proxy on the same machine, tests); no query, no fragment, no trailing slash. */
export function checkPublicUrl(text: string, problem: FlagProblem): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw problem(`--public-url: not a URL: ${JSON.stringify(text)}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw problem('--public-url: must be an https:// address (http:// only on a loopback address)');
  if (url.search || url.hash || url.username) throw problem('--public-url: a base URL only, without query, fragment or user');
  return url.href.replace(/\/+$/, '');
}

function allowedLogins(text: string | undefined, problem: FlagProblem): string[] | undefined {
  if (text === undefined) return undefined;
  const logins = text.split(',').map((login) => login.trim().toLowerCase()).filter(Boolean);
  const bad = logins.find((login) => !/^[a-z0-9_]{1,25}$/.test(login));
  if (bad !== undefined || logins.length === 0) throw problem(`--allowed-logins: expected Twitch logins separated by commas, got ${JSON.stringify(bad ?? text)}`);
  return logins;
}

/** A count flag from 1 to 1,000,000; undefined when not given. */
function count(flag: string, text: string | undefined, problem: FlagProblem): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(Number.isSafeInteger(value) && value >= 1 && value <= 1_000_000)) throw problem(`--${flag}: expected an integer from 1 to 1000000, got ${JSON.stringify(text)}`);
  return value;
}
