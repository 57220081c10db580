import { describe, expect, it } from 'vitest';
import { checkSettingValue } from './checkSettingValue.ts';
import { describeSchemaIssue } from './describeSchemaIssue.ts';
import { ModuleManifestSchema } from './manifest.ts';
import { mediaDefaultProblem } from './mediaSetting.ts';
import { type Setting, SettingsSchema } from './settings.ts';

function problems(block: unknown): string[] {
  const parsed = ModuleManifestSchema.safeParse({ name: 'Alerts', kind: 'event', settings: block });
  return parsed.success ? [] : parsed.error.issues.map((issue) => describeSchemaIssue(issue));
}

describe('media settings in the manifest', () => {
  it('accepts image, sound and video with "" or a file of the module folder as default, and a group on any setting', () => {
    const block = {
      picture: { type: 'image', label: 'Follow image', default: '', group: 'Follows' },
      chime: { type: 'sound', label: 'Follow sound', default: 'sounds/chime.ogg', group: 'Follows' },
      clip: { type: 'video', label: 'Cheer video', default: 'clip.webm' },
      on: { type: 'boolean', label: 'Show follows', default: true, group: 'Follows' },
    };
    expect(problems(block)).toEqual([]);
    expect(SettingsSchema.parse(block)).toEqual(block);
  });

  it('refuses a default outside the folder, of another kind, or not a string, naming the setting', () => {
    expect(problems({ s: { type: 'sound', label: 'S', default: '../secret.ogg' } })).toEqual([
      'settings.s: default "../secret.ogg" must be "" or a path inside the module folder, such as "sounds/chime.ogg"',
    ]);
    expect(problems({ s: { type: 'sound', label: 'S', default: '/etc/chime.ogg' } })[0]).toMatch(/inside the module folder/);
    expect(problems({ s: { type: 'sound', label: 'S', default: 'https://cdn.example/chime.ogg' } })[0]).toMatch(/inside the module folder/);
    expect(problems({ i: { type: 'image', label: 'I', default: 'sounds/chime.ogg' } })).toEqual([
      'settings.i: default "sounds/chime.ogg" must be an image file ending in .png, .jpg, .jpeg, .gif, .webp',
    ]);
    expect(problems({ v: { type: 'video', label: 'V', default: 3 } })[0]).toBe('settings.v.default: expected string');
    expect(problems({ v: { type: 'video', label: 'V', default: '', maxLength: 3 } })[0]).toBe('settings.v: unknown field "maxLength"');
  });

  it('refuses an empty or non-text group', () => {
    expect(problems({ t: { type: 'text', label: 'T', default: '', group: '' } })[0]).toMatch(/^settings\.t\.group: /);
    expect(problems({ t: { type: 'color', label: 'T', default: '#000000', group: 1 } })[0]).toBe('settings.t.group: expected string');
  });
});

describe('checkSettingValue for media', () => {
  const sound: Setting = { type: 'sound', label: 'Sound', default: 'sounds/chime.ogg' };

  it('accepts none, a media id and the own default', () => {
    expect([checkSettingValue(sound, ''), checkSettingValue(sound, 'Qm9vbS1ib29tLWJvb20tYm9v'), checkSettingValue(sound, 'sounds/chime.ogg')]).toEqual([null, null, null]);
  });

  it('refuses anything else: another path, a URL, a number', () => {
    for (const value of ['other.ogg', 'https://evil.example/x.ogg', '../x', 5, null, undefined]) {
      expect(checkSettingValue(sound, value as never)).toBe('must be a file of the media library or none');
    }
  });
});

describe('mediaDefaultProblem', () => {
  it('takes the endings of the kind, in any case', () => {
    expect(mediaDefaultProblem('image', 'img/Party.GIF')).toBeNull();
    expect(mediaDefaultProblem('sound', 'a b/chime.mp3')).toBeNull();
    expect(mediaDefaultProblem('video', 'clip.mp4')).toBeNull();
    expect(mediaDefaultProblem('video', 'clip.mov')).toMatch(/ending in .mp4, .webm/);
    expect(mediaDefaultProblem('sound', '.hidden/chime.ogg')).toMatch(/inside the module folder/);
  });
});
