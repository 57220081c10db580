/** The library's limits (`--media-file-mb`, `--media-quota-mb`). */
export interface MediaLimits {
  /** Largest file, in bytes. @default 25 MiB */
  maxFileBytes: number;
  /** What one streamer's files may take together, in bytes. @default 250 MiB */
  quotaBytes: number;
}

export const MIB = 1024 * 1024;
export const DEFAULT_MEDIA_LIMITS: MediaLimits = { maxFileBytes: 25 * MIB, quotaBytes: 250 * MIB };

/** The limits with their defaults; throws RangeError for one that is not a positive integer. */
export function resolveMediaLimits(limits: Partial<MediaLimits> = {}): MediaLimits {
  const resolved = { ...DEFAULT_MEDIA_LIMITS, ...limits };
  for (const [name, value] of Object.entries(resolved)) {
    if (!(Number.isSafeInteger(value) && value > 0)) throw new RangeError(`media ${name} must be a positive integer, got ${value}`);
  }
  return resolved;
}

/** Bytes as the messages and docs write them: `25 MB`, `1.5 MB`, `512 bytes` (MB meaning MiB, as the flags do). */
export function formatBytes(bytes: number): string {
  if (bytes < MIB) return bytes >= 1024 ? `${Math.floor((bytes / 1024) * 10) / 10} KB` : `${bytes} bytes`;
  return `${Math.floor((bytes / MIB) * 10) / 10} MB`;
}
