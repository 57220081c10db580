import type { SecretModel } from './SecretModel.ts';

/** What the last renewal did: the new secret made (and the old one ended), or why not. */
export function SecretNote({ model }: { model: SecretModel }) {
  const note = model.note.value;
  if (model.busy.value) return <p class="home-note" role="status">Making a new one…</p>;
  return (
    <p class={model.failed.value ? 'home-error' : 'home-note'} role={model.failed.value ? 'alert' : 'status'}>
      {note}
    </p>
  );
}
