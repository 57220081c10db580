import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('./alertModule/', import.meta.url));

/** The id of the bench's alert module (src/bench/overlay/alertModule). */
export const ALERT_MODULE = 'bench.alert';

/** Writes the bench's alert module (`"alerts": true`, a tool) into `dir`, for `OVERLAY_MODULE_DIRS`. */
export async function writeAlertModule(dir: string): Promise<string> {
  await cp(TEMPLATE, join(dir, ALERT_MODULE), { recursive: true });
  const manifest = { name: 'Bench alerts', kind: 'tool', width: 400, height: 200, alerts: true, alertSeconds: 120 };
  await writeFile(join(dir, ALERT_MODULE, 'module.json'), `${JSON.stringify(manifest)}\n`);
  return ALERT_MODULE;
}
