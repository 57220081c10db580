import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../api/index.ts';
import { DEMO_TOKENS } from './registry/index.ts';
import { type SpawnedApiServer, spawnApiServer } from './spawnApiServer.ts';
import { hostedStyleDb, hostedStyleLive, visitCounter } from './testing/hostedStyleModule.ts';

// The CLI itself, as a streamer would run it: `npm run api -- --envelope`, and without the flag.
let wrapped: SpawnedApiServer;
let bare: SpawnedApiServer;
beforeAll(async () => {
  [wrapped, bare] = await Promise.all([
    spawnApiServer({ args: ['--port', '0', '--store', 'memory', '--envelope'] }),
    spawnApiServer({ args: ['--port', '0', '--store', 'memory'] }),
  ]);
});
afterAll(() => Promise.all([wrapped?.stop(), bare?.stop()]));

describe('a module written against the hosted SDK', () => {
  it('runs unmodified against npm run api -- --envelope: db.set and db.get give back .data.value', async () => {
    await wrapped.waitForStdout(/Bodies wrapped as the hosted service does/);
    const db = hostedStyleDb(wrapped.url, DEMO_TOKENS.tool, 'de.hosted.visits');
    expect(await visitCounter(db, 'ann')).toEqual({ count: 1, visitors: ['ann'] });
    expect(await visitCounter(db, 'bob')).toEqual({ count: 2, visitors: ['ann', 'bob'] });
    expect(await db.get('count')).toBe(2);
    expect(await db.set('nothing', null)).toBeNull();
  });

  it('reads the reason of a refusal from .error.message, with the 401 texts of the contract', async () => {
    await expect(hostedStyleDb(wrapped.url, '', 'de.hosted.visits').get('count')).rejects.toThrow(AUTH_MESSAGES.missing);
    await expect(hostedStyleDb(wrapped.url, 'forged', 'de.hosted.visits').set('count', 1)).rejects.toThrow(AUTH_MESSAGES.invalid);
    await expect(hostedStyleDb(wrapped.url, DEMO_TOKENS.tool, 'de.hosted.visits').get('never-set')).rejects.toThrow(/never been set/);
  });

  it('reads stream events with live.events(): payloads per type, newest first, from .data', async () => {
    await wrapped.waitForStdout(/Bodies wrapped as the hosted service does/);
    const start = Date.now();
    const post = (event: Record<string, unknown>, test = false) =>
      fetch(`${wrapped.url}/me/events`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'channel.raid', event, test }),
      });
    await post({ from_broadcaster_user_name: 'first', viewers: 5 });
    await post({ from_broadcaster_user_name: 'second', viewers: 9 });
    await post({ from_broadcaster_user_name: 'a test', viewers: 1 }, true);
    const live = hostedStyleLive(wrapped.url, DEMO_TOKENS.event);
    expect(await live.events(start)).toEqual({
      'channel.raid': [
        { from_broadcaster_user_name: 'second', viewers: 9 },
        { from_broadcaster_user_name: 'first', viewers: 5 },
      ],
    });
  });

  it('fails against the bare shape, which is why the flag exists', async () => {
    const db = hostedStyleDb(bare.url, DEMO_TOKENS.tool, 'de.hosted.visits');
    await expect(db.set('count', 1)).rejects.toThrow(/Cannot read properties of undefined \(reading 'value'\)/);
  });
});
