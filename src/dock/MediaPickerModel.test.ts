import { describe, expect, it } from 'vitest';
import { type Json, type MediaItem, OverlayError, type Setting } from '../api/index.ts';
import { MediaLibraryModel } from './MediaLibraryModel.ts';
import { MediaPickerModel } from './MediaPickerModel.ts';
import { SettingFieldModel } from './SettingFieldModel.ts';

const item = (id: string, kind: MediaItem['kind'], name = `${id}.bin`): MediaItem => ({
  id,
  name,
  kind,
  type: 'application/octet-stream',
  bytes: 1,
  url: `https://api.example/media/${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function picker(upload?: (file: Blob, name: string) => Promise<MediaItem>) {
  const writes: Json[] = [];
  const setting: Setting = { type: 'sound', label: 'Chime', default: 'sounds/chime.ogg' };
  const field = new SettingFieldModel('chime', setting, (value) => writes.push(value));
  const library = new MediaLibraryModel({ list: async () => ({ items: [item('s1', 'sound', 'ding.ogg'), item('p1', 'image')], bytes: 2, quota: 10 }), upload });
  return { writes, field, library, model: new MediaPickerModel(field, library, (path) => `https://site.example/modules/m/${path}`) };
}

describe('MediaPickerModel', () => {
  it('offers None, the module default and the library files of its kind; an unknown id shows as the default', async () => {
    const { model, library, field } = picker();
    await library.load();
    expect(model.choices.value.map((choice) => [choice.label, choice.value])).toEqual([
      ['None', ''],
      ['Default (chime.ogg)', 'sounds/chime.ogg'],
      ['ding.ogg', 's1'],
    ]);
    expect(model.chosen.value.url).toBe('https://site.example/modules/m/sounds/chime.ogg');
    field.receive('gone-id');
    expect(model.chosen.value.value).toBe('sounds/chime.ogg');
    model.pick('s1');
    expect(model.chosen.value).toEqual({ value: 's1', label: 'ding.ogg', url: 'https://api.example/media/s1' });
  });

  it('uploads and picks in one step, listing the new file first', async () => {
    const { model, library, writes } = picker(async (_file, name) => item('s2', 'sound', name));
    await library.load();
    await model.upload(new File(['x'], 'new.wav'));
    expect(writes).toEqual(['s2']);
    expect(library.items.value?.[0]?.id).toBe('s2');
    expect(model.uploadError.value).toBeNull();
  });

  it('explains a refused file or one of another kind, and writes nothing', async () => {
    const refused = picker(async () => {
      throw new OverlayError('BAD_REQUEST', 'Unsupported file - accepted are images PNG, JPEG');
    });
    await refused.model.upload(new File(['<svg/>'], 'evil.svg'));
    expect(refused.model.uploadError.value).toBe('evil.svg was not added: Unsupported file - accepted are images PNG, JPEG');
    expect(refused.writes).toEqual([]);
    const other = picker(async (_file, name) => item('p2', 'image', name));
    await other.model.upload(new File(['x'], 'cat.png'));
    expect(other.model.uploadError.value).toBe('cat.png is an image, not a sound: it was added to the library but not picked');
    expect(other.writes).toEqual([]);
  });

  it('lists the library again on refresh, once the first list is in', async () => {
    let lists = 0;
    const library = new MediaLibraryModel({ list: async () => ({ items: [item(`s${++lists}`, 'sound')], bytes: 1, quota: 10 }) });
    await Promise.all([library.load(), library.refresh()]);
    expect(lists).toBe(1);
    await library.refresh();
    expect(library.items.value?.map((one) => one.id)).toEqual(['s2']);
  });

  it('cannot upload without the website token', () => {
    expect(picker().library.canUpload).toBe(false);
    expect(picker(async () => item('x', 'sound')).library.canUpload).toBe(true);
  });
});
