import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../api/testing/sampleProfile.ts';
import { ProfileEditorModel } from './ProfileEditorModel.ts';

describe('ProfileEditorModel', () => {
  it('applies the draft to the loaded profile: status, title, viewers, tools', () => {
    const editor = new ProfileEditorModel();
    editor.load(sampleProfile(), 'tool');
    expect(editor.selected.value).toEqual(['t.one', 't.two']);
    editor.edit({ live: false, title: 'New', viewers: 12.4 });
    editor.toggle('t.one', false);
    editor.toggle('t.three', true);
    const draft = editor.draft()!;
    expect(draft.twitch.stream).toMatchObject({ status: 'offline', title: 'New', viewer: 12 });
    expect(draft.selected.tools).toEqual(['t.two', 't.three']);
    expect(draft.overlays).toEqual(sampleProfile().overlays);
  });

  it('holds one module at most for the other kinds', () => {
    const editor = new ProfileEditorModel();
    editor.load(sampleProfile(), 'game');
    editor.toggle('other.game', true);
    expect(editor.draft()!.selected.game).toBe('other.game');
    editor.toggle('other.game', false);
    expect(editor.draft()!.selected.game).toBe('');
  });

  it('saves the draft and shows a refusal', async () => {
    const editor = new ProfileEditorModel();
    editor.load(sampleProfile(), 'tool');
    const saved: string[] = [];
    editor.save = async (profile) => void saved.push(profile.twitch.stream.title);
    editor.edit({ title: 'Saved' });
    await editor.submit();
    expect(saved).toEqual(['Saved']);
    editor.save = () => Promise.reject(new Error('refused'));
    await editor.submit();
    expect(editor.error.value).toBe('refused');
  });
});
