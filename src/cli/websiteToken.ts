import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { closeRedis, connectRedis, type StoreSpec, waitForRedis } from '../server/index.ts';

/** The website token `npm start` gives the demo user, and whether this start made it (then it is printed in full). */
export interface WebsiteToken {
  token: string;
  created: boolean;
  /** Where it is kept: a file next to the SQLite database, or a Redis key; undefined for the memory store. */
  keptIn?: string;
}

/** The Redis key of the website token, next to the data it opens. */
export const WEBSITE_TOKEN_KEY = 'start:website-token';
/** The file of the website token in the SQLite database's folder. */
export const WEBSITE_TOKEN_FILE = 'website-token';

/** A fresh website token: 192 random bits. */
export function randomWebsiteToken(): string {
  return `site-${randomBytes(24).toString('base64url')}`;
}

/**
 * The website token of this data: read where the store keeps its data, or made
 * and kept there on the first start. A token per data folder, not a constant:
 * the website token reads every overlay id, so one that every copy of the
 * project shares would be known to every module.
 */
export async function websiteTokenFor(store: StoreSpec, fresh: () => string = randomWebsiteToken): Promise<WebsiteToken> {
  if (store.type === 'memory') return { token: fresh(), created: true };
  if (store.type === 'sqlite') return fileToken(join(dirname(store.path), WEBSITE_TOKEN_FILE), fresh);
  const redis = await connectRedis(store, { log: () => {} });
  try {
    await waitForRedis(redis);
    const token = fresh();
    const kept = (await redis.set(WEBSITE_TOKEN_KEY, token, 'NX', 'GET')) as string | null;
    return { token: kept ?? token, created: kept === null, keptIn: `Redis key ${WEBSITE_TOKEN_KEY}` };
  } finally {
    await closeRedis(redis);
  }
}

async function fileToken(path: string, fresh: () => string): Promise<WebsiteToken> {
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.trim()) return { token: existing.trim(), created: false, keptIn: path };
  const token = fresh();
  await mkdir(dirname(path), { recursive: true });
  // Readable by its owner only: it is a password to the profile and every overlay id.
  await writeFile(path, `${token}\n`, { mode: 0o600 });
  return { token, created: true, keptIn: path };
}
