import { isMediaSettingType, type Json, type MediaItem, type Settings } from '../api/index.ts';

/** Where a media setting's value is looked up: the streamer's library and the module's own folder. */
export interface MediaSource {
  /** The library's files (`GET /me/media` with the page's token); null when it cannot be read now. */
  items: () => Promise<readonly MediaItem[] | null>;
  /** The absolute URL of a file of the module's folder, e.g. `sounds/chime.ogg`. */
  fileUrl: (path: string) => string;
}

/**
 * The values a module reads, with each media setting's value turned into a URL
 * it can load in its frame: the library file's URL for a media id, the module
 * file's URL for its default path, `""` for none. An id that is not a file of
 * that kind in the streamer's library (deleted, another streamer's, or the
 * library unknown) reads as the default. The library is read only when some
 * media setting holds an id.
 */
export async function resolveMediaSettings(settings: Settings, values: Record<string, Json>, source: MediaSource): Promise<Record<string, Json>> {
  const media = Object.entries(settings).filter(([, setting]) => isMediaSettingType(setting.type));
  if (media.length === 0) return values;
  const holdsId = media.some(([name, setting]) => values[name] !== '' && values[name] !== setting.default);
  const items = holdsId ? await source.items().catch(() => null) : null;
  const byId = new Map((items ?? []).map((item) => [item.id, item]));
  const resolved = { ...values };
  for (const [name, setting] of media) {
    const value = values[name];
    const fallback = String(setting.default);
    const item = typeof value === 'string' ? byId.get(value) : undefined;
    const path = item?.kind === setting.type ? null : value === '' ? '' : fallback;
    resolved[name] = path === null ? item!.url : path === '' ? '' : source.fileUrl(path);
  }
  return resolved;
}
