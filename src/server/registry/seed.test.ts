import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../api/index.ts';
import { DEMO_PROFILE, DEMO_SEED } from './demoSeed.ts';
import { loadSeedFile, parseSeed, SeedError } from './seed.ts';

const clone = <T>(value: T): T => structuredClone(value);
const issuesOf = (raw: unknown): string[] => {
  try {
    parseSeed(raw);
  } catch (error) {
    if (error instanceof SeedError) return error.issues;
    throw error;
  }
  return [];
};

describe('parseSeed', () => {
  it('accepts the demo seed, whose profile is valid against the profile schema', () => {
    expect(ProfileSchema.safeParse(DEMO_PROFILE).success).toBe(true);
    expect(parseSeed(clone(DEMO_SEED))).toEqual(DEMO_SEED);
  });

  it('keeps extra profile members exactly', () => {
    const raw = clone(DEMO_SEED) as { users: Array<{ profile: Record<string, unknown> }> };
    raw.users[0]!.profile.extra = { nested: [1, 'two'] };
    expect(parseSeed(raw).users[0]!.profile).toEqual(raw.users[0]!.profile);
  });

  it('names the bad field of a profile', () => {
    const raw = clone(DEMO_SEED);
    (raw.users[0]!.profile.user as { registered: string }).registered = 'yesterday';
    expect(issuesOf(raw)).toEqual([expect.stringMatching(/^users\[0\]\.profile\.user\.registered: .*datetime/i)]);
    const raw2 = clone(DEMO_SEED) as unknown as { users: Array<{ profile: { favs: Record<string, unknown> } }> };
    delete raw2.users[0]!.profile.favs.backgrounds;
    expect(issuesOf(raw2)).toEqual(['users[0].profile.favs.backgrounds: Invalid input: expected array, received undefined']);
  });

  it('names bad tokens', () => {
    const raw = clone(DEMO_SEED) as unknown as { users: Array<{ tokens: unknown[] }> };
    raw.users[0]!.tokens = [
      { token: 'a b', context: 'website' },
      { token: 'ok', context: 'overlay', overlay: 'widget' },
      { token: 'ok2', context: 'website', overlay: 'tool' },
      { token: 'ok3', context: 'admin' },
    ];
    const issues = issuesOf(raw);
    expect(issues[0]).toMatch(/^users\[0\]\.tokens\[0\]\.token: token must be/);
    expect(issues[1]).toMatch(/^users\[0\]\.tokens\[1\]\.overlay: /);
    expect(issues[2]).toMatch(/^users\[0\]\.tokens\[2\]: .*overlay/);
    expect(issues[3]).toMatch(/^users\[0\]\.tokens\[3\]\.context: /);
  });

  it('refuses a seed without users, and a value that is not a seed', () => {
    expect(issuesOf({ users: [] })[0]).toMatch(/^users: /);
    expect(issuesOf([])[0]).toMatch(/^\(root\): /);
  });

  it('refuses a token, an overlay id or a user id used twice', () => {
    const second = clone(DEMO_SEED.users[0]!);
    second.profile.overlays.event = 'fresh-event-id';
    second.tokens = [{ token: 'demo-tool-token', context: 'website' }];
    expect(issuesOf({ users: [clone(DEMO_SEED.users[0]!), second] })).toEqual([
      'users[1].profile.user.userId: user id "40917221" is already used by users[0].profile.user.userId',
      'users[1].profile.overlays.game: overlay id "demo-game-Ty7hOu06tO--gzehczJZXujl" is already used by users[0].profile.overlays.game',
      'users[1].profile.overlays.tool: overlay id "demo-tool-wLQBEVlv5gu-1pHWj3D1F_gA" is already used by users[0].profile.overlays.tool',
      'users[1].profile.overlays.background: overlay id "demo-background-vpyYlZQ46CphrKpJC0DzhNxg" is already used by users[0].profile.overlays.background',
      'users[1].tokens[0].token: token "demo-tool-token" is already used by users[0].tokens[1].token',
    ]);
  });

  it('refuses one overlay id for two kinds, and an empty overlay id', () => {
    const raw = clone(DEMO_SEED);
    raw.users[0]!.profile.overlays.tool = raw.users[0]!.profile.overlays.game;
    raw.users[0]!.profile.overlays.event = '';
    expect(issuesOf(raw)).toEqual([
      'users[0].profile.overlays.tool: overlay id "demo-game-Ty7hOu06tO--gzehczJZXujl" is already used by users[0].profile.overlays.game',
      'users[0].profile.overlays.event: overlay id must not be empty',
    ]);
  });
});

describe('loadSeedFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'overlay-seed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a valid file, and names the file when it is missing or not JSON', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(DEMO_SEED));
    expect(await loadSeedFile(good)).toEqual(DEMO_SEED);
    await expect(loadSeedFile(join(dir, 'missing.json'))).rejects.toThrow(/missing\.json: cannot read the seed file \(ENOENT\)/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"users": [');
    await expect(loadSeedFile(bad)).rejects.toThrow(/bad\.json: not valid JSON/);
  });
});
