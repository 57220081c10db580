import type { RefObject } from 'preact';

/** What a home section's model tells under its list: a notice (focusable, for after a deletion) and a load error with its retry. */
export interface SectionStatusProps {
  notice: string | null;
  error: string | null | undefined;
  retry(): void;
  statusRef: RefObject<HTMLParagraphElement>;
}

/** The status line and the error line that the Sessions and Media sections share. */
export function SectionStatus({ notice, error, retry, statusRef }: SectionStatusProps) {
  return (
    <>
      <p class="home-note" role="status" tabIndex={-1} ref={statusRef}>
        {notice}
      </p>
      {error && (
        <p class="home-error" role="alert">
          {error}{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}
