import type { ReadonlySignal } from '@preact/signals';
import type { ModuleEntry } from '../api/index.ts';
import type { ProfileEditorModel } from './ProfileEditorModel.ts';

interface ProfileEditorProps {
  editor: ProfileEditorModel;
  catalog: ReadonlySignal<readonly ModuleEntry[]>;
}

/** Live/offline, title, viewers and the selected modules of the kind on stage; saving reaches the modules at once. */
export function ProfileEditor({ editor, catalog }: ProfileEditorProps) {
  const kind = editor.kind.value;
  const selected = editor.selected.value;
  const ids = [...new Set([...catalog.value.filter((entry) => entry.kind === kind).map((entry) => entry.id), ...selected])];
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void editor.submit();
  };
  return (
    <form class="panel profile-editor" aria-labelledby="profile-title" data-testid="profile-editor" onSubmit={onSubmit}>
      <h2 id="profile-title">Profile</h2>
      <fieldset disabled={!editor.loaded.value || editor.saving.value}>
        <label class="switch">
          <input type="checkbox" role="switch" checked={editor.live.value} aria-checked={editor.live.value} onChange={(e) => editor.edit({ live: e.currentTarget.checked })} />{' '}
          Live
        </label>
        <label>
          Title
          <input value={editor.title.value} onInput={(e) => editor.edit({ title: e.currentTarget.value })} />
        </label>
        <label>
          Viewers
          <input
            type="number"
            min={0}
            value={editor.viewers.value}
            onInput={(e) => editor.edit({ viewers: e.currentTarget.valueAsNumber })}
          />
        </label>
        <fieldset class="selection">
          <legend>Selected {kind} modules</legend>
          {ids.map((id) => (
            <label key={id}>
              <input type="checkbox" checked={selected.includes(id)} onChange={(e) => editor.toggle(id, e.currentTarget.checked)} /> {id}
            </label>
          ))}
        </fieldset>
        <button type="submit">{editor.saving.value ? 'Saving…' : 'Save profile'}</button>
      </fieldset>
      {editor.error.value && (
        <p role="alert" data-testid="profile-error">
          {editor.error.value}
        </p>
      )}
    </form>
  );
}
