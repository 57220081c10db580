const KB = 1024;
const MB = 1024 * KB;

/**
 * A size as the API's messages write it (`12.3 MB`, `4.5 KB`, `512 bytes`; MB meaning MiB, as
 * `--media-quota-mb` does), rounded down so "250 MB of 250 MB used" never shows before the quota is full.
 */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${trim(bytes / MB)} MB`;
  if (bytes >= KB) return `${trim(bytes / KB)} KB`;
  return bytes === 1 ? '1 byte' : `${Math.max(0, Math.floor(bytes))} bytes`;
}

const trim = (value: number) => String(Math.floor(value * 10) / 10);
