import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { envName, settingGiven, withEnvironment } from './flagsFromEnv.ts';
import { FLAG_NAMES, parseCliArgs, USAGE, UsageError } from './parseCliArgs.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secretFile = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const CLIENT_SECRET = 'client-secret-7Qx9wZ';
const WEBHOOK_SECRET = 'webhook-secret-M4rT2v';

/** The message of the UsageError `run` throws. */
function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no UsageError');
}

describe('flags from the environment', () => {
  it('one naming rule: OVERLAY_ and the flag in upper snake case, for every flag, with the usage text naming each', () => {
    expect(envName('store')).toBe('OVERLAY_STORE');
    expect(envName('max-pending-live-per-address')).toBe('OVERLAY_MAX_PENDING_LIVE_PER_ADDRESS');
    const flags = Object.fromEntries(FLAG_NAMES.map((name) => [name, { type: 'string' as const }]));
    const env = Object.fromEntries(FLAG_NAMES.map((name) => [envName(name), `value of ${name}`]));
    const { values } = withEnvironment({}, flags, env);
    for (const name of FLAG_NAMES.filter((each) => each !== 'help')) {
      expect(values[name]).toBe(`value of ${name}`);
      expect(USAGE).toMatch(new RegExp(`^ {2}--${name}\\b.*\\[${envName(name)}\\b`, 'm'));
    }
  });

  it('reads numbers, URLs and booleans from the environment; a flag on the command line wins', () => {
    const env = { OVERLAY_STORE: 'memory', OVERLAY_PORT: '9000', OVERLAY_ENVELOPE: 'true', OVERLAY_TRUST_PROXY: '2', OVERLAY_MAX_PENDING_LIVE_PER_ADDRESS: '7' };
    expect(parseCliArgs([], env)).toMatchObject({ store: { type: 'memory' }, port: 9000, envelope: true, trustProxy: 2, live: { maxPendingPerAddress: 7 } });
    expect(parseCliArgs(['--port', '9100', '--store=sqlite:x.sqlite'], env)).toMatchObject({ port: 9100, store: { type: 'sqlite', path: 'x.sqlite' } });
    expect(parseCliArgs([], { OVERLAY_ENVELOPE: 'off', OVERLAY_NO_LIVE: '1' })).toMatchObject({ envelope: false, live: false });
    // An empty variable is unset.
    expect(parseCliArgs([], { OVERLAY_PORT: '' }).port).toBe(8787);
  });

  it('the port also from PORT, as cloud platforms hand it over; OVERLAY_PORT before it', () => {
    expect(parseCliArgs([], { PORT: '3000' }).port).toBe(3000);
    expect(parseCliArgs([], { PORT: '3000', OVERLAY_PORT: '3001' }).port).toBe(3001);
    expect(parseCliArgs(['--port', '3002'], { PORT: '3000' }).port).toBe(3002);
    expect(settingGiven('port', [], { PORT: '3000' })).toBe(true);
    expect(settingGiven('port', ['--port=1'], {})).toBe(true);
    expect(settingGiven('port', ['--portal'], { PORT: '' })).toBe(false);
  });

  it('a bad value from a variable names the flag and the variable', () => {
    expect(usageError(() => parseCliArgs([], { PORT: 'eighty' }))).toBe('--port (from PORT): expected an integer from 0 to 65535, got "eighty"');
    expect(usageError(() => parseCliArgs([], { OVERLAY_ENVELOPE: 'maybe' }))).toMatch(/^--envelope \(from OVERLAY_ENVELOPE\): expected true or false/);
    expect(usageError(() => parseCliArgs([], { OVERLAY_STORE: 'ftp://x' }))).toMatch(/^--store \(from OVERLAY_STORE\): unsupported store/);
  });
});

describe('secrets from a file or a variable, never echoed', () => {
  const webhookBase = ['--twitch-client-id', 'abc', '--twitch-webhook-url', 'https://example.com/api/twitch/eventsub'];

  it('--twitch-client-secret-file and --twitch-webhook-secret-file read the file, dropping the final newline', () => {
    const argv = [...webhookBase, '--twitch-client-secret-file', secretFile('client', `${CLIENT_SECRET}\n`), '--twitch-webhook-secret-file', secretFile('webhook', `${WEBHOOK_SECRET}\r\n`)];
    expect(parseCliArgs(argv, {}).twitch?.webhook).toMatchObject({ secret: WEBHOOK_SECRET, clientSecret: CLIENT_SECRET });
  });

  it('the same from the environment: the secrets themselves, or their files; a flag hides both variables of its setting', () => {
    const env = {
      OVERLAY_TWITCH_CLIENT_ID: 'abc',
      OVERLAY_TWITCH_WEBHOOK_URL: 'https://example.com/api/twitch/eventsub',
      OVERLAY_TWITCH_WEBHOOK_SECRET: WEBHOOK_SECRET,
      OVERLAY_TWITCH_CLIENT_SECRET_FILE: secretFile('client-env', CLIENT_SECRET),
    };
    expect(parseCliArgs([], env).twitch).toEqual({ clientId: 'abc', webhook: { callback: 'https://example.com/api/twitch/eventsub', secret: WEBHOOK_SECRET, clientSecret: CLIENT_SECRET } });
    const fromFlag = parseCliArgs(['--twitch-client-secret', 'given-on-the-command-line'], env).twitch?.webhook;
    expect(fromFlag?.clientSecret).toBe('given-on-the-command-line');
    const bothInEnv = { ...env, OVERLAY_TWITCH_CLIENT_SECRET: CLIENT_SECRET };
    expect(usageError(() => parseCliArgs([], bothInEnv))).toMatch(/^--twitch-client-secret \(from OVERLAY_TWITCH_CLIENT_SECRET\): give the secret or --twitch-client-secret-file, not both/);
  });

  it('no error message holds a secret, whichever way it came', () => {
    const messages = [
      usageError(() => parseCliArgs([...webhookBase, '--twitch-webhook-secret', 'short-7Qx', '--twitch-client-secret', CLIENT_SECRET], {})),
      usageError(() => parseCliArgs([...webhookBase, '--twitch-webhook-secret-file', secretFile('short', 'short-7Qx\n'), '--twitch-client-secret', CLIENT_SECRET], {})),
      usageError(() => parseCliArgs(['--twitch-client-secret', CLIENT_SECRET], {})),
      usageError(() => parseCliArgs(['--twitch-webhook-secret', WEBHOOK_SECRET, '--twitch-webhook-secret-file', secretFile('both', WEBHOOK_SECRET)], { OVERLAY_TWITCH_CLIENT_ID: 'abc' })),
      usageError(() => parseCliArgs([...webhookBase, '--twitch-webhook-secret-file', join(dir, 'missing'), '--twitch-client-secret', CLIENT_SECRET], {})),
      usageError(() => parseCliArgs([...webhookBase, '--twitch-webhook-secret=', WEBHOOK_SECRET], {})),
      usageError(() => parseCliArgs([], { OVERLAY_TWITCH_CLIENT_ID: 'bad id', OVERLAY_TWITCH_CLIENT_SECRET: CLIENT_SECRET, OVERLAY_TWITCH_WEBHOOK_SECRET: WEBHOOK_SECRET })),
    ];
    expect(messages[1]).toBe('--twitch-webhook-secret: expected 10 to 100 characters, got 9');
    expect(messages[4]).toMatch(/^--twitch-webhook-secret-file: cannot read .*missing \(ENOENT\)$/);
    expect(messages[5]).toMatch(/^a positional argument/);
    for (const message of messages) for (const secret of [CLIENT_SECRET, WEBHOOK_SECRET, 'short-7Qx']) expect(message).not.toContain(secret);
  });
});
