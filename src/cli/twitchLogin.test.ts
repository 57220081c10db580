import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTwitch } from '../server/index.ts';
import { type FakeTwitch, startFakeTwitch } from '../server/twitch/testing/fakeTwitch.ts';

const dir = mkdtempSync(join(tmpdir(), 'twitch-login-'));
let fake: FakeTwitch;
beforeAll(async () => {
  fake = await startFakeTwitch({ pollSeconds: 1 });
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command; `onCode` plays the streamer on twitch.tv once the code is printed. */
function run(args: string[], onCode: (code: string) => void = () => {}, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/twitchLogin.ts', ...args], {
    env: { ...process.env, TWURPLE_MOCK_API_PORT: String(fake.port), TWITCH_CLIENT_ID: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let told = false;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const code = /enter the code (\S+)/.exec(output)?.[1];
    if (code && !told) {
      told = true;
      onCode(code);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run twitch-login', () => {
  it('logs the demo user in through the device flow, stores the credentials in the sqlite store, and exits 0', async () => {
    const store = `sqlite:${join(dir, 'data.sqlite')}`;
    const { code, output } = await run(['--store', store, '--twitch-client-id', fake.clientId], (userCode) => setTimeout(() => fake.auth.approve(userCode, '1337'), 1500));
    expect(output).toMatch(/^Open https:\/\/www\.twitch\.tv\/activate\S* and enter the code [0-9A-F]{8}/);
    expect(output).toContain('Logged in as user1337 (Twitch id 1337); stored for user');
    expect(code).toBe(0);
    const credentials = await (await loadTwitch()).openCredentialStore({ type: 'sqlite', path: join(dir, 'data.sqlite'), synchronous: 'full' });
    const stored = await credentials.list();
    await credentials.close();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.credentials).toMatchObject({ twitchUserId: '1337', state: 'ok' });
    expect(output).not.toContain(stored[0]!.credentials.accessToken);
    expect(output).not.toContain(stored[0]!.credentials.refreshToken);
  }, 60_000);

  it('exits 1 with a plain message when the streamer refuses', async () => {
    const { code, output } = await run(['--store', `sqlite:${join(dir, 'denied.sqlite')}`], (userCode) => fake.auth.deny(userCode), { TWITCH_CLIENT_ID: fake.clientId });
    expect(code).toBe(1);
    expect(output).toContain('The authorization was refused on Twitch. Nothing was stored.');
  }, 60_000);

  it('exits 2 with the usage for a missing client id, the memory store or an unknown user', async () => {
    for (const [args, message] of [
      [[], '--twitch-client-id: needed'],
      [['--twitch-client-id', 'x', '--store', 'memory'], '--store: the memory store keeps nothing'],
      [['--twitch-client-id', 'x', '--user', '999'], '--user: 999 is not a user of the seed'],
    ] as const) {
      const { code, output } = await run([...args]);
      expect(code, message).toBe(2);
      expect(output).toContain(message);
      expect(output).toContain('Usage: npm run twitch-login');
    }
  }, 60_000);
});
