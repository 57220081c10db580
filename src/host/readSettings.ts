import { type Json, type MediaItem, type Settings, settingValues } from '../api/index.ts';
import { createMediaClient, type MediaClientOptions, type ModuleData } from '../client/index.ts';
import { resolveMediaSettings } from './resolveMediaSettings.ts';

/** What the page tells the settings reader about media: the API with its token, and where the module's files are. */
export interface SettingsMedia {
  api: MediaClientOptions['api'];
  /** The absolute URL of a file of the module's folder. */
  fileUrl: (path: string) => string;
}

/**
 * Each declared setting's stored value, or its default; a media setting's as a
 * URL (resolveMediaSettings). A value that cannot be read now (offline, never
 * confirmed) reads as the default too: a module drawing its first frame is
 * better served by the default than by a rejection, and it hears later writes
 * as `change` events. Loaded on demand: only modules with settings ask, so the
 * page script does not carry the checks nor the media client.
 */
export async function readSettings(data: ModuleData, ownId: string, settings: Settings, media?: SettingsMedia): Promise<Record<string, Json>> {
  const names = Object.keys(settings);
  const stored = await Promise.all(names.map((name) => data.get(ownId, name).catch(() => undefined)));
  const byName = new Map(names.map((name, index) => [name, stored[index]]));
  const values = settingValues(settings, (name) => byName.get(name));
  if (!media) return values;
  return resolveMediaSettings(settings, values, { items: () => libraryItems(media.api), fileUrl: media.fileUrl });
}

// The last list each API answered: offline, a setting keeps the file it had (the browser caches media for a year).
const lastKnown = new WeakMap<object, readonly MediaItem[]>();

async function libraryItems(api: SettingsMedia['api']): Promise<readonly MediaItem[] | null> {
  try {
    const { items } = await createMediaClient({ api }).list();
    lastKnown.set(api, items);
    return items;
  } catch {
    return lastKnown.get(api) ?? null;
  }
}
