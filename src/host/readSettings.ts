import { type Json, type Settings, settingValues } from '../api/index.ts';
import type { ModuleData } from '../client/index.ts';

/**
 * Each declared setting's stored value, or its default. A value that cannot be
 * read now (offline, never confirmed) reads as the default too: a module drawing
 * its first frame is better served by the default than by a rejection, and it
 * hears later writes as `change` events. Loaded on demand: only modules with
 * settings ask, so the page script does not carry the checks.
 */
export async function readSettings(data: ModuleData, ownId: string, settings: Settings): Promise<Record<string, Json>> {
  const names = Object.keys(settings);
  const stored = await Promise.all(names.map((name) => data.get(ownId, name).catch(() => undefined)));
  const byName = new Map(names.map((name, index) => [name, stored[index]]));
  return settingValues(settings, (name) => byName.get(name));
}
