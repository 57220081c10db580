import type { Json } from './database.ts';
import { MEDIA_ID_PATTERN } from './mediaSetting.ts';
import type { Setting } from './settings.ts';

/** Longest text of a `text` setting when its manifest names no `maxLength`. */
export const DEFAULT_TEXT_MAX_LENGTH = 256;

/** `#rrggbb`, the only colour form a `color` setting stores (what `<input type="color">` gives). */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * Why `value` is refused by `setting`, or null when it is accepted. The one rule
 * for the manifest's defaults, the dock's form and `Overlay.settings()`, so a
 * value the dock refuses is also one the module reads as the default.
 */
export function checkSettingValue(setting: Setting, value: Json | undefined): string | null {
  switch (setting.type) {
    case 'text':
      if (typeof value !== 'string') return 'must be text';
      return value.length > (setting.maxLength ?? DEFAULT_TEXT_MAX_LENGTH)
        ? `must be at most ${setting.maxLength ?? DEFAULT_TEXT_MAX_LENGTH} characters`
        : null;
    case 'number':
    case 'range':
      return checkNumber(setting, value);
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'color':
      return typeof value === 'string' && COLOR_PATTERN.test(value) ? null : 'must be a colour as #rrggbb';
    case 'select':
      return typeof value === 'string' && setting.options.includes(value) ? null : `must be one of ${setting.options.join(', ')}`;
    case 'image':
    case 'sound':
    case 'video':
      return checkMedia(setting.default, value);
  }
}

/** Bounds of a number or range setting; a range without them spans 0-100. */
export function numberBounds(setting: Setting & { type: 'number' | 'range' }): { min: number; max: number; step?: number } {
  const open = setting.type === 'number';
  return {
    min: setting.min ?? (open ? Number.NEGATIVE_INFINITY : 0),
    max: setting.max ?? (open ? Number.POSITIVE_INFINITY : 100),
    step: setting.step ?? (open ? undefined : 1),
  };
}

function checkNumber(setting: Setting & { type: 'number' | 'range' }, value: Json | undefined): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  const { min, max, step } = numberBounds(setting);
  if (value < min) return `must be at least ${min}`;
  if (value > max) return `must be at most ${max}`;
  if (step !== undefined && step > 0 && !onStep(value, Number.isFinite(min) ? min : 0, step)) {
    return `must be a step of ${step}${Number.isFinite(min) && min !== 0 ? ` from ${min}` : ''}`;
  }
  return null;
}

/**
 * A media setting holds "" (none), a media id of the library, or its own default
 * (the module's file, what the dock's Reset writes).
 */
function checkMedia(fallback: string, value: Json | undefined): string | null {
  if (typeof value === 'string' && (value === '' || value === fallback || MEDIA_ID_PATTERN.test(value))) return null;
  return 'must be a file of the media library or none';
}

/** True when `value` lies on the grid base + k * step; floating-point noise is forgiven. */
function onStep(value: number, base: number, step: number): boolean {
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9 * Math.max(1, Math.abs(steps));
}
