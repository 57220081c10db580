import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceFlowError } from './deviceFlow.ts';
import { loginToTwitch } from './loginToTwitch.ts';
import { createMemoryCredentialStore } from './memoryCredentialStore.ts';
import { TWITCH_SCOPES } from './scopes.ts';
import { type FakeTwitch, startFakeTwitch } from './testing/fakeTwitch.ts';
import { twitchUrls } from './twitchUrls.ts';

let fake: FakeTwitch;
beforeAll(async () => {
  fake = await startFakeTwitch();
  // twurple's validation call reads the port from the environment, like ours (twitchUrls) does.
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
});
afterAll(() => fake.stop());

/** A streamer who does `act` on twitch.tv after the command has polled `after` times. */
function streamer(lines: string[], after: number, act: (code: string) => void) {
  let sleeps = 0;
  return async () => {
    sleeps++;
    const code = /enter the code (\S+)/.exec(lines.join('\n'))?.[1];
    if (code && sleeps === after) act(code);
  };
}

function login(lines: string[], sleep: () => Promise<void>, credentials = createMemoryCredentialStore()) {
  return loginToTwitch({ clientId: fake.clientId, userId: '1001', credentials, urls: twitchUrls(), sleep, print: (line) => lines.push(line) });
}

describe('loginToTwitch (the device flow against the fake Twitch)', () => {
  it('prints the URL and code, waits through authorization_pending and slow_down, validates and stores', async () => {
    const lines: string[] = [];
    const credentials = createMemoryCredentialStore();
    fake.auth.slowDownNextPoll();
    const polls = fake.auth.counts.devicePolls;
    const stored = await login(lines, streamer(lines, 3, (code) => fake.auth.approve(code, '141981764')), credentials);
    expect(lines[0]).toMatch(/^Open https:\/\/www\.twitch\.tv\/activate\S* and enter the code [0-9A-F]{8} \(valid 30 minutes\)\.$/);
    expect(lines.join('\n')).toContain('every 10 s now');
    expect(fake.auth.counts.devicePolls - polls).toBe(3);
    expect(await credentials.get('1001')).toEqual(stored);
    expect(stored).toMatchObject({ twitchUserId: '141981764', login: 'user141981764', scopes: [...TWITCH_SCOPES], state: 'ok' });
    // Tokens never reach the output.
    expect(lines.join('\n')).not.toContain(stored.accessToken);
    expect(lines.join('\n')).not.toContain(stored.refreshToken);
  });

  it('asks exactly for the scopes the subscriptions need', async () => {
    const lines: string[] = [];
    const stored = await login(lines, streamer(lines, 1, (code) => fake.auth.approve(code, '7')));
    expect(stored.scopes).toEqual(['moderator:read:followers', 'channel:read:subscriptions', 'bits:read', 'channel:read:redemptions', 'user:read:chat']);
  });

  it('ends with a plain message when the streamer refuses, and stores nothing', async () => {
    const lines: string[] = [];
    const credentials = createMemoryCredentialStore();
    const error = await login(lines, streamer(lines, 2, (code) => fake.auth.deny(code)), credentials).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceFlowError);
    expect((error as DeviceFlowError).message).toBe('The authorization was refused on Twitch. Nothing was stored.');
    expect(await credentials.list()).toEqual([]);
  });

  it('ends with a plain message when the code expires', async () => {
    const lines: string[] = [];
    const error = await login(lines, streamer(lines, 2, () => fake.auth.expireDeviceCodes())).catch((e: unknown) => e);
    expect((error as DeviceFlowError).reason).toBe('expired_token');
    expect((error as Error).message).toBe('The code expired before it was entered. Run the command again.');
  });
});
