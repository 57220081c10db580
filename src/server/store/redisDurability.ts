import type { Redis } from 'ioredis';

/**
 * Warns, once at start-up, when Redis's persistence settings make a 200 weaker
 * than "on disk": without AOF a restart of Redis loses everything since the
 * last snapshot; with `appendfsync everysec` (or `no`) a power cut or an OS
 * crash loses the acknowledged writes of the last second (or ~30 s), though a
 * killed Redis process loses none. Silent when CONFIG is disabled (managed Redis).
 */
export async function warnAboutDurability(redis: Redis, where: string, log: (line: string) => void): Promise<void> {
  let settings: Map<string, string>;
  try {
    const reply = (await redis.call('CONFIG', 'GET', 'append*')) as string[];
    settings = new Map();
    for (let i = 0; i + 1 < reply.length; i += 2) settings.set(reply[i]!, reply[i + 1]!);
  } catch {
    return;
  }
  const appendonly = settings.get('appendonly');
  const appendfsync = settings.get('appendfsync');
  if (appendonly === 'no') {
    log(`Warning: Redis at ${where} runs without AOF (appendonly no): a 200 does not survive a restart of Redis; see docs/deploying.md`);
  } else if (appendonly === 'yes' && appendfsync !== 'always') {
    const window = appendfsync === 'no' ? '~30 s' : '1-2 s';
    log(`Warning: Redis at ${where} has appendfsync ${appendfsync}: a power cut may lose the last ${window} of acknowledged writes; see docs/deploying.md`);
  }
}
