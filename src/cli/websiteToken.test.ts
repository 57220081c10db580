import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS } from '../server/index.ts';
import { streamerSeed } from './streamerSeed.ts';
import { randomWebsiteToken, websiteTokenFor } from './websiteToken.ts';

describe('websiteTokenFor', () => {
  it('makes one random token per SQLite data folder, kept next to the database for its owner only, and reads it back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'overlay-token-'));
    try {
      const store = { type: 'sqlite', path: join(dir, 'data', 'overlay.sqlite'), synchronous: 'full' } as const;
      const first = await websiteTokenFor(store);
      expect(first).toEqual({ token: expect.stringMatching(/^site-/), created: true, keptIn: join(dir, 'data', 'website-token') });
      expect((await readFile(first.keptIn!, 'utf8')).trim()).toBe(first.token);
      expect((await stat(first.keptIn!)).mode & 0o777).toBe(0o600);
      expect(await websiteTokenFor(store)).toEqual({ ...first, created: false });
      const other = await websiteTokenFor({ ...store, path: join(dir, 'other', 'overlay.sqlite') });
      expect(other.token).not.toBe(first.token);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a fresh one for each memory store; the streamer's seed takes it as its only token, with fresh overlay ids and Stream Deck token", async () => {
    const a = await websiteTokenFor({ type: 'memory' });
    expect(a.created).toBe(true);
    expect((await websiteTokenFor({ type: 'memory' })).token).not.toBe(a.token);
    expect(randomWebsiteToken()).not.toBe(randomWebsiteToken());
    const seed = streamerSeed(a.token);
    expect(seed.users[0]!.tokens).toEqual([{ token: a.token, context: 'website' }]);
    const { profile } = seed.users[0]!;
    expect(profile.selected).toEqual(DEMO_PROFILE.selected);
    expect(profile.twitch).toEqual({ ...DEMO_PROFILE.twitch, user: { ...DEMO_PROFILE.twitch.user, id: '' } });
    const secrets: string[] = [profile.overlays.game, profile.overlays.tool, profile.overlays.background, profile.overlays.event, profile.streamdeck.token];
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(new Set([...secrets, ...Object.values(streamerSeed(a.token).users[0]!.profile.overlays)]).size).toBe(9);
    expect(secrets).not.toContain(DEMO_PROFILE.streamdeck.token);
    expect(JSON.stringify(seed)).not.toContain(DEMO_TOKENS.tool);
  });
});
