import { checkSettingValue } from './checkSettingValue.ts';
import type { Json } from './database.ts';
import type { Settings } from './settings.ts';

// Apart from the schemas in settings.ts: the overlay page loads this on demand, without zod.
/**
 * Each declared setting's value: the stored one when the setting accepts it,
 * else the default (never set, or refused: wrong type, out of range).
 */
export function settingValues(settings: Settings, stored: (name: string) => Json | undefined): Record<string, Json> {
  const values: Record<string, Json> = {};
  for (const [name, setting] of Object.entries(settings)) {
    const value = stored(name);
    values[name] = value !== undefined && checkSettingValue(setting, value) === null ? value : setting.default;
  }
  return values;
}
