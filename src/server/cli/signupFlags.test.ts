import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSignUpSettings } from './loadSignUpSettings.ts';
import { parseCliArgs } from './parseCliArgs.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-signup-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIGNUP = ['--signup', 'twitch', '--twitch-client-id', 'abc123', '--twitch-client-secret', 's3cret', '--public-url', 'https://overlay.example.com/'];

describe('--signup twitch and its flags', () => {
  it('reads them, with the documented defaults', () => {
    expect(parseCliArgs(SIGNUP, {})).toMatchObject({
      twitch: { clientId: 'abc123' },
      signup: { publicUrl: 'https://overlay.example.com', clientSecret: 's3cret', allowedLogins: undefined, maxSignupsPerHour: 100, defaultSelectionPath: undefined },
    });
    const options = parseCliArgs([...SIGNUP, '--allowed-logins', 'Cool_User, other', '--max-signups-per-hour', '5', '--default-selection', 'sel.json'], {});
    expect(options.signup).toMatchObject({ allowedLogins: ['cool_user', 'other'], maxSignupsPerHour: 5, defaultSelectionPath: 'sel.json' });
    expect(parseCliArgs([], {}).signup).toBeUndefined();
  });

  it('reads the sign-in start budgets into the settings; absent, the defaults apply', async () => {
    const flags = parseCliArgs([...SIGNUP, '--max-sign-in-starts-per-address', '5', '--max-sign-in-starts', '200'], {}).signup!;
    expect(await loadSignUpSettings(flags, 'abc123')).toMatchObject({ maxSignInStartsPerAddress: 5, maxSignInStarts: 200 });
    const plain = await loadSignUpSettings(parseCliArgs(SIGNUP, {}).signup!, 'abc123');
    expect(plain.maxSignInStartsPerAddress).toBeUndefined();
    expect(() => parseCliArgs([...SIGNUP, '--max-sign-in-starts', 'lots'], {})).toThrow(/--max-sign-in-starts: expected an integer from 1/);
    expect(() => parseCliArgs(['--max-sign-in-starts-per-address', '3'], {})).toThrow(/--max-sign-in-starts-per-address: only with --signup twitch/);
  });

  it('names what is missing or wrong', () => {
    const without = (flag: string) => SIGNUP.filter((_, i) => SIGNUP[i] !== flag && SIGNUP[i - 1] !== flag);
    expect(() => parseCliArgs(without('--public-url'), {})).toThrow(/--signup: needs --public-url/);
    expect(() => parseCliArgs(without('--twitch-client-secret'), {})).toThrow(/--signup: needs --twitch-client-secret/);
    expect(() => parseCliArgs(without('--twitch-client-id'), {})).toThrow(/--signup: needs --twitch-client-id/);
    expect(() => parseCliArgs([...SIGNUP.slice(0, 1), 'google', ...SIGNUP.slice(2)], {})).toThrow(/--signup: the only sign-up is "twitch"/);
    expect(() => parseCliArgs([...SIGNUP.slice(0, -1), 'http://overlay.example.com'], {})).toThrow(/--public-url: must be an https/);
    expect(() => parseCliArgs([...SIGNUP.slice(0, -1), 'https://overlay.example.com/?next=x'], {})).toThrow(/--public-url: a base URL only/);
    expect(() => parseCliArgs([...SIGNUP, '--max-signups-per-hour', '0'], {})).toThrow(/--max-signups-per-hour: expected an integer from 1/);
    expect(() => parseCliArgs([...SIGNUP, '--allowed-logins', 'no spaces!'], {})).toThrow(/--allowed-logins/);
    expect(() => parseCliArgs(['--allowed-logins', 'a'], {})).toThrow(/--allowed-logins: only with --signup twitch/);
    // A loopback address may be plain HTTP (tests, a proxy on the same machine).
    expect(parseCliArgs([...SIGNUP.slice(0, -1), 'http://127.0.0.1:8787'], {}).signup?.publicUrl).toBe('http://127.0.0.1:8787');
  });

  it('keeps the webhook flags together: a client secret alone is for --signup only', () => {
    expect(() => parseCliArgs(['--twitch-client-id', 'abc123', '--twitch-client-secret', 's'], {})).toThrow(/webhook transport needs/);
    const both = parseCliArgs([...SIGNUP, '--twitch-webhook-url', 'https://overlay.example.com/twitch/eventsub', '--twitch-webhook-secret', '0123456789'], {});
    expect(both.twitch?.webhook).toEqual({ callback: 'https://overlay.example.com/twitch/eventsub', secret: '0123456789', clientSecret: 's3cret' });
  });

  it('reads --default-selection from its file, and refuses one that is not a selection', async () => {
    const flags = parseCliArgs([...SIGNUP, '--default-selection', join(dir, 'sel.json')], {}).signup!;
    writeFileSync(join(dir, 'sel.json'), JSON.stringify({ game: '', tools: ['demo.tool.counter', 'demo.tool.counter'], background: '', event: 'demo.event.alerts' }));
    expect((await loadSignUpSettings(flags, 'abc123')).defaultSelection).toEqual({ game: '', tools: ['demo.tool.counter'], background: '', event: 'demo.event.alerts' });
    writeFileSync(join(dir, 'sel.json'), JSON.stringify({ tools: 'all' }));
    await expect(loadSignUpSettings(flags, 'abc123')).rejects.toThrow(/--default-selection: .* is not \{game, tools, background, event\}/);
    await expect(loadSignUpSettings({ ...flags, defaultSelectionPath: join(dir, 'missing.json') }, 'abc123')).rejects.toThrow(/--default-selection: cannot read/);
  });
});
