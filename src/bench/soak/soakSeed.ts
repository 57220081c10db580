import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Profile } from '../../api/index.ts';
import { DEMO_PROFILE, type Seed } from '../../server/index.ts';

/** One user of the soak: the tool overlay token its clients listen with and its writer writes with, and a website token for its profile. */
export interface SoakUser {
  userId: string;
  token: string;
  websiteToken: string;
}

/**
 * Writes a seed file with `count` users, each with a fixed tool overlay token
 * and a fixed website token (the live clients and writers use seed tokens, so
 * no exchange limit or sign-in gets in the way), and returns its path and the users.
 */
export async function writeSoakSeed(dir: string, count: number): Promise<{ path: string; users: SoakUser[] }> {
  const users: SoakUser[] = [];
  const seed: Seed = { users: [] };
  for (let i = 0; i < count; i++) {
    const userId = String(5_000_000 + i);
    const token = `soak-tool-${userId}`;
    const websiteToken = `soak-website-${userId}`;
    users.push({ userId, token, websiteToken });
    seed.users.push({
      profile: profileOf(userId, i),
      tokens: [
        { token, context: 'overlay', overlay: 'tool' },
        { token: websiteToken, context: 'website' },
      ],
    });
  }
  const path = join(dir, 'soak-seed.json');
  await writeFile(path, JSON.stringify(seed));
  return { path, users };
}

function profileOf(userId: string, i: number): Profile {
  const profile = structuredClone(DEMO_PROFILE) as Profile;
  profile.user.userId = userId;
  profile.user.userName = `soak${i}`;
  const suffix = `${userId}-soak-overlay-id-padding`;
  profile.overlays = { game: `g-${suffix}`, tool: `t-${suffix}`, background: `b-${suffix}`, event: `e-${suffix}` };
  return profile;
}
