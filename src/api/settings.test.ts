import { describe, expect, it } from 'vitest';
import { checkSettingValue } from './checkSettingValue.ts';
import { describeSchemaIssue } from './describeSchemaIssue.ts';
import { ModuleManifestSchema } from './manifest.ts';
import { type Setting, SettingsSchema } from './settings.ts';
import { settingValues } from './settingValues.ts';

const GOAL_SETTINGS = {
  title: { type: 'text', label: 'Goal title', default: 'Sub goal', maxLength: 80 },
  goal: { type: 'number', label: 'Target', default: 100, min: 1, max: 100000, step: 1 },
  color: { type: 'color', label: 'Bar colour', default: '#7c3aed' },
  palette: { type: 'select', label: 'Palette', default: 'aurora', options: ['aurora', 'sunset', 'ocean'] },
  opacity: { type: 'range', label: 'Opacity', default: 90, min: 0, max: 100, step: 5 },
  percent: { type: 'boolean', label: 'Show percent', default: true },
};

function problems(block: unknown): string[] {
  const parsed = ModuleManifestSchema.safeParse({ name: 'Goal', kind: 'tool', settings: block });
  return parsed.success ? [] : parsed.error.issues.map((issue) => describeSchemaIssue(issue));
}

describe('SettingsSchema', () => {
  it('accepts the six types of the design page, keeping their order', () => {
    const parsed = SettingsSchema.parse(GOAL_SETTINGS);
    expect(Object.keys(parsed)).toEqual(['title', 'goal', 'color', 'palette', 'opacity', 'percent']);
    expect(ModuleManifestSchema.parse({ name: 'Goal', kind: 'tool', settings: GOAL_SETTINGS }).settings).toEqual(GOAL_SETTINGS);
  });

  it('refuses a default that fails its own type, naming the setting', () => {
    expect(problems({ goal: { type: 'number', label: 'Target', default: 0, min: 1 } })).toEqual([
      'settings.goal: default 0 must be at least 1',
    ]);
    expect(problems({ title: { type: 'text', label: 'T', default: 'long', maxLength: 2 } })[0]).toMatch(/^settings\.title: default "long"/);
    expect(problems({ c: { type: 'color', label: 'C', default: 'red' } })[0]).toMatch(/^settings\.c: .*#rrggbb/);
    expect(problems({ p: { type: 'select', label: 'P', default: 'x', options: ['a', 'b'] } })[0]).toMatch(/^settings\.p: .*one of a, b/);
    expect(problems({ o: { type: 'range', label: 'O', default: 7, min: 0, max: 100, step: 5 } })[0]).toMatch(/^settings\.o: .*step of 5/);
    expect(problems({ b: { type: 'boolean', label: 'B', default: 'yes' } })[0]).toBe('settings.b.default: expected boolean');
  });

  it('checks every bound and field', () => {
    expect(problems({ n: { type: 'number', label: 'N', default: 5, min: 10, max: 1 } })[0]).toMatch(/min 10 is above max 1/);
    expect(problems({ n: { type: 'number', label: 'N', default: 5, step: 0 } })[0]).toBe('settings.n.step: must be more than 0');
    expect(problems({ n: { type: 'number', label: 'N', default: 5, maxlength: 3 } })[0]).toBe('settings.n: unknown field "maxlength"');
    expect(problems({ n: { type: 'number', default: 5 } })[0]).toBe('settings.n.label: expected string');
    expect(problems({ n: { type: 'slider', label: 'N', default: 5 } })[0]).toBe('settings.n.type: must be one of text, number, range, boolean, color, select, image, sound, video');
    expect(problems({ s: { type: 'select', label: 'S', default: 'a', options: [] } })[0]).toBe('settings.s.options: must have at least 1 items');
    expect(problems({ s: { type: 'select', label: 'S', default: 'a', options: ['a', 'a'] } })[0]).toMatch(/must not repeat/);
    expect(problems({ 'other:name': { type: 'boolean', label: 'B', default: true } })[0]).toMatch(/must not contain ":"/);
    expect(problems([])[0]).toMatch(/^settings: /);
  });
});

describe('checkSettingValue', () => {
  const settings = SettingsSchema.parse(GOAL_SETTINGS) as Record<string, Setting>;
  const check = (name: string, value: unknown) => checkSettingValue(settings[name]!, value as never);

  it('accepts values of the type within its bounds', () => {
    expect([check('title', 'Hello'), check('goal', 500), check('color', '#00FF00'), check('palette', 'ocean')]).toEqual([null, null, null, null]);
    expect([check('opacity', 35), check('percent', false)]).toEqual([null, null]);
  });

  it('refuses the wrong type, out of range, too long, off the step', () => {
    expect(check('title', 'x'.repeat(81))).toBe('must be at most 80 characters');
    expect(check('goal', 0)).toBe('must be at least 1');
    expect(check('goal', 100001)).toBe('must be at most 100000');
    expect(check('goal', 2.5)).toBe('must be a step of 1 from 1');
    expect(check('goal', '5')).toBe('must be a number');
    expect(check('opacity', 33)).toBe('must be a step of 5');
    expect(check('color', '#fff')).toBe('must be a colour as #rrggbb');
    expect(check('palette', 'neon')).toBe('must be one of aurora, sunset, ocean');
    expect(check('percent', 1)).toBe('must be true or false');
    expect(check('title', undefined)).toBe('must be text');
  });

  it('gives a text without maxLength 256 characters', () => {
    const text: Setting = { type: 'text', label: 'T', default: '' };
    expect(checkSettingValue(text, 'x'.repeat(256))).toBeNull();
    expect(checkSettingValue(text, 'x'.repeat(257))).toBe('must be at most 256 characters');
  });
});

describe('settingValues', () => {
  it('merges stored values with defaults; refused ones read as the default', () => {
    const settings = SettingsSchema.parse(GOAL_SETTINGS);
    const stored: Record<string, unknown> = { title: 'Bits', goal: -4, palette: 'sunset', percent: 'no' };
    expect(settingValues(settings, (name) => stored[name] as never)).toEqual({
      title: 'Bits',
      goal: 100,
      color: '#7c3aed',
      palette: 'sunset',
      opacity: 90,
      percent: true,
    });
  });
});
