import type { ProfileDraft } from './ProfileDraft.ts';

interface DraftNoteProps<T> {
  draft: ProfileDraft<T>;
  /** The control this note sits next to: it speaks only when that control was used last. */
  control: string;
}

/** Next to a control: why the streamer's choice is not saved yet, and a way to save it again. */
export function DraftNote<T>({ draft, control }: DraftNoteProps<T>) {
  if (draft.control.value !== control) return null;
  const error = draft.error.value;
  if (draft.status.value === 'saving') return <span class="home-note" role="status">Saving…</span>;
  if (!error) return null;
  return (
    <span class="home-error" role="alert">
      {error}{' '}
      <button type="button" onClick={() => void draft.retry()}>
        Try again
      </button>
    </span>
  );
}
