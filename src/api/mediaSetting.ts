import type { MediaKind } from './media.ts';

/**
 * The setting types that hold a file of the streamer's media library. Each is
 * named after the media kind it takes, so a setting's type is its kind.
 */
export const MEDIA_SETTING_TYPES = ['image', 'sound', 'video'] as const satisfies readonly MediaKind[];
export type MediaSettingType = (typeof MEDIA_SETTING_TYPES)[number];

/**
 * What a stored media id looks like (the server's are 24 base64url characters).
 * Checked by shape only: whether the id is still in the library is known when
 * the value is read, and a deleted one reads as the default.
 */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The file endings a module's own default file may have, per kind: those the library takes. */
export const MEDIA_FILE_ENDINGS: Record<MediaKind, readonly string[]> = {
  image: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
  sound: ['.mp3', '.ogg', '.oga', '.opus', '.wav'],
  video: ['.mp4', '.webm'],
};

// Relative, `/`-separated, no segment starting with "." (so no "..", no hidden file), no query or scheme.
const MODULE_FILE_PATH = /^(?:[\w-][\w .-]*\/)*[\w-][\w .-]*$/;

export function isMediaSettingType(type: string): type is MediaSettingType {
  return (MEDIA_SETTING_TYPES as readonly string[]).includes(type);
}

/**
 * Why `path` cannot be the default of a media setting of `kind`, or null: it must
 * be `""` (none) or a file of the module's own folder, e.g. `sounds/chime.ogg`.
 * Whether the file exists is checked where the folder is read (src/vite).
 */
export function mediaDefaultProblem(kind: MediaKind, path: string): string | null {
  if (path === '') return null;
  if (path.length > 256 || !MODULE_FILE_PATH.test(path)) {
    return 'must be "" or a path inside the module folder, such as "sounds/chime.ogg"';
  }
  const lower = path.toLowerCase();
  const endings = MEDIA_FILE_ENDINGS[kind];
  return endings.some((ending) => lower.endsWith(ending)) ? null : `must be ${kind === 'image' ? 'an' : 'a'} ${kind} file ending in ${endings.join(', ')}`;
}
