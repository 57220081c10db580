import type { SpawnedServer } from './spawnServer.ts';

/**
 * Starts the named servers one after the other; if one fails to start, stops
 * those already running before rethrowing, so a figure leaves no process behind.
 */
export async function startServers<K extends string>(spawns: Record<K, () => Promise<SpawnedServer>>): Promise<Record<K, SpawnedServer>> {
  const started: Partial<Record<K, SpawnedServer>> = {};
  try {
    for (const name of Object.keys(spawns) as K[]) started[name] = await spawns[name]();
    return started as Record<K, SpawnedServer>;
  } catch (error) {
    await stopServers(started);
    throw error;
  }
}

/** Stops every server given; never throws on one that has already exited. */
export async function stopServers(servers: Partial<Record<string, SpawnedServer>>): Promise<void> {
  await Promise.all(Object.values(servers).map((server) => server?.stop()));
}
