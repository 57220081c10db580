import * as z from 'zod/mini';
import { checkSettingValue } from './checkSettingValue.ts';
import { LIMITS } from './limits.ts';
import { mediaDefaultProblem } from './mediaSetting.ts';

/** The setting types a module may declare in its manifest: six for values, three for files of the media library. */
export const SETTING_TYPES = ['text', 'number', 'range', 'boolean', 'color', 'select', 'image', 'sound', 'video'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

// `/* @__PURE__ */`: a `.check()` call is a method call, which a bundler must keep unless told it has no
// side effects; marked, a schema the overlay page does not use (these, read by the studio and the build) drops out.
const label = /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(120));
const finite = /* @__PURE__ */ z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
/** The dock draws the settings of one group as one collapsible section named by it. */
const group = z.optional(/* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(120)));
const bounds = {
  min: z.optional(finite),
  max: z.optional(finite),
  step: z.optional(/* @__PURE__ */ finite.check(z.positive())),
};

// Strict objects: a misspelt bound (`maxlength`) is an error, not a silently ignored field.
const TextSettingSchema = z.strictObject({
  type: z.literal('text'),
  label,
  group,
  default: z.string(),
  maxLength: z.optional(/* @__PURE__ */ z.int().check(z.positive(), z.maximum(LIMITS.valueBytes / 4))),
});
const NumberSettingSchema = z.strictObject({ type: z.literal('number'), label, group, default: finite, ...bounds });
const RangeSettingSchema = z.strictObject({ type: z.literal('range'), label, group, default: finite, ...bounds });
const BooleanSettingSchema = z.strictObject({ type: z.literal('boolean'), label, group, default: z.boolean() });
const ColorSettingSchema = z.strictObject({ type: z.literal('color'), label, group, default: z.string() });
const SelectSettingSchema = z.strictObject({
  type: z.literal('select'),
  label,
  group,
  default: z.string(),
  options: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(120))).check(
    z.minLength(1),
    z.maxLength(100),
    z.refine((options) => new Set(options).size === options.length, 'options must not repeat'),
  ),
});
// A media setting stores "" (none) or a media id; its default is "" or a file of the module's folder.
const ImageSettingSchema = z.strictObject({ type: z.literal('image'), label, group, default: z.string() });
const SoundSettingSchema = z.strictObject({ type: z.literal('sound'), label, group, default: z.string() });
const VideoSettingSchema = z.strictObject({ type: z.literal('video'), label, group, default: z.string() });

/** One declared setting; its name is one of the module's own keys. */
export const SettingSchema = /* @__PURE__ */ z
  .discriminatedUnion('type', [
    TextSettingSchema,
    NumberSettingSchema,
    RangeSettingSchema,
    BooleanSettingSchema,
    ColorSettingSchema,
    SelectSettingSchema,
    ImageSettingSchema,
    SoundSettingSchema,
    VideoSettingSchema,
  ])
  .check(
    z.superRefine((setting, ctx) => {
      const problem = boundsProblem(setting) ?? defaultProblem(setting);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: setting });
    }),
  );
export type Setting = z.infer<typeof SettingSchema>;

/**
 * A setting's name is a key of the module's own: 1-256 characters without `:`,
 * because `other:name` would address another module.
 */
export const SettingNameSchema = /* @__PURE__ */ z.string().check(
  z.minLength(1),
  z.maxLength(LIMITS.nameLength),
  z.refine((name) => !name.includes(':'), 'a setting name must not contain ":"'),
);

/** The `settings` block of `module.json`: at most 64 settings, shown in the order written. */
export const SettingsSchema = /* @__PURE__ */ z
  .record(SettingNameSchema, SettingSchema)
  .check(z.refine((block) => Object.keys(block).length <= 64, 'at most 64 settings'));
export type Settings = z.infer<typeof SettingsSchema>;

function boundsProblem(setting: Setting): string | null {
  if (setting.type !== 'number' && setting.type !== 'range') return null;
  if (setting.min !== undefined && setting.max !== undefined && setting.min > setting.max) {
    return `min ${setting.min} is above max ${setting.max}`;
  }
  return null;
}

function defaultProblem(setting: Setting): string | null {
  if (setting.type === 'image' || setting.type === 'sound' || setting.type === 'video') {
    const reason = mediaDefaultProblem(setting.type, setting.default);
    return reason ? `default ${JSON.stringify(setting.default)} ${reason}` : null;
  }
  const reason = checkSettingValue(setting, setting.default);
  return reason ? `default ${JSON.stringify(setting.default)} ${reason}` : null;
}
