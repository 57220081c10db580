import { useState } from 'preact/hooks';
import { copyText } from './copyText.ts';

interface CopyButtonProps {
  /** What is copied, also while it is masked on screen. */
  text: string | null;
}

/** A button `Copy`, and a short status line saying whether it worked. */
export function CopyButton({ text }: CopyButtonProps) {
  const [note, setNote] = useState<string | null>(null);
  const copy = async () => {
    if (text === null) return;
    setNote((await copyText(text)) ? 'Copied.' : 'Copying failed: select the text and copy it yourself.');
  };
  return (
    <>
      <button type="button" onClick={() => void copy()} disabled={text === null}>
        Copy
      </button>
      <span class="home-note" role="status">
        {note}
      </span>
    </>
  );
}
