import { describe, expect, it } from 'vitest';
import type { MediaItem, Settings } from '../api/index.ts';
import { resolveMediaSettings } from './resolveMediaSettings.ts';

const item = (id: string, kind: MediaItem['kind']): MediaItem => ({
  id,
  name: `${id}.bin`,
  kind,
  type: 'application/octet-stream',
  bytes: 1,
  url: `https://api.example/media/${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const settings: Settings = {
  title: { type: 'text', label: 'Title', default: 'Hi' },
  picture: { type: 'image', label: 'Picture', default: '' },
  chime: { type: 'sound', label: 'Sound', default: 'sounds/chime.ogg' },
  clip: { type: 'video', label: 'Clip', default: 'clip.webm' },
};

function source(items: readonly MediaItem[] | null) {
  const calls: string[] = [];
  return {
    calls,
    items: async () => {
      calls.push('list');
      if (items === null) throw new Error('offline');
      return items;
    },
    fileUrl: (path: string) => `https://site.example/modules/demo/${path}`,
  };
}

describe('resolveMediaSettings', () => {
  it('gives the library URL for an id, the module file URL for a default path, "" for none; other types unchanged', async () => {
    const library = source([item('pic1', 'image'), item('snd1', 'sound')]);
    const values = { title: 'Yo', picture: 'pic1', chime: 'snd1', clip: 'clip.webm' };
    expect(await resolveMediaSettings(settings, values, library)).toEqual({
      title: 'Yo',
      picture: 'https://api.example/media/pic1',
      chime: 'https://api.example/media/snd1',
      clip: 'https://site.example/modules/demo/clip.webm',
    });
    expect(await resolveMediaSettings(settings, { ...values, chime: '', picture: '' }, library)).toMatchObject({ picture: '', chime: '' });
  });

  it('reads a deleted or foreign id, or a file of another kind, as the default', async () => {
    const library = source([item('snd1', 'sound')]);
    const values = { title: 'Yo', picture: 'gone', chime: 'someone-elses', clip: 'snd1' };
    expect(await resolveMediaSettings(settings, values, library)).toEqual({
      title: 'Yo',
      picture: '',
      chime: 'https://site.example/modules/demo/sounds/chime.ogg',
      clip: 'https://site.example/modules/demo/clip.webm',
    });
  });

  it('reads ids as the default when the library cannot be read', async () => {
    const values = { title: 'Yo', picture: 'pic1', chime: 'snd1', clip: '' };
    expect(await resolveMediaSettings(settings, values, source(null))).toMatchObject({ picture: '', chime: 'https://site.example/modules/demo/sounds/chime.ogg', clip: '' });
  });

  it('does not read the library when no setting holds an id', async () => {
    const library = source([]);
    await resolveMediaSettings(settings, { title: 'Yo', picture: '', chime: 'sounds/chime.ogg', clip: '' }, library);
    await resolveMediaSettings({ title: settings.title! }, { title: 'Yo' }, library);
    expect(library.calls).toEqual([]);
  });
});
