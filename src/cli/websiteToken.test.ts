import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED, DEMO_TOKENS } from '../server/index.ts';
import { randomWebsiteToken, websiteTokenFor, withWebsiteToken } from './websiteToken.ts';

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

  it('a fresh one for each memory store; the seed takes it in place of the public one', async () => {
    const a = await websiteTokenFor({ type: 'memory' });
    expect(a.created).toBe(true);
    expect((await websiteTokenFor({ type: 'memory' })).token).not.toBe(a.token);
    expect(randomWebsiteToken()).not.toBe(randomWebsiteToken());
    const seed = withWebsiteToken(DEMO_SEED, a.token);
    const tokens = seed.users[0]!.tokens.map((each) => each.token);
    expect(tokens).toContain(a.token);
    expect(tokens).not.toContain(DEMO_TOKENS.website);
    expect(tokens).toContain(DEMO_TOKENS.tool);
  });
});
