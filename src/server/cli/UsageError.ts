/** A command line (or environment) that cannot be run; the message names the flag, and never holds a secret's value. */
export class UsageError extends Error {
  override name = 'UsageError';
}
