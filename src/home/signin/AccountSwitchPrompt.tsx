import { useEffect, useId, useRef } from 'preact/hooks';
import type { AccountSwitch } from './AccountSwitch.ts';

/** Asks before a token from the address replaces the tab's: whose account it opens, switch or keep. */
export function AccountSwitchPrompt({ accounts, current }: { accounts: AccountSwitch; current: string | null }) {
  const id = useId();
  const offered = accounts.offered.value;
  const notice = accounts.notice.value;
  const keep = useRef<HTMLButtonElement>(null);
  // Keyboard users land on the safe choice.
  useEffect(() => {
    if (offered) keep.current?.focus();
  }, [offered]);
  if (notice) {
    return (
      <p class="home-error" role="alert">
        {notice}{' '}
        <button type="button" onClick={() => accounts.dismissNotice()}>
          Dismiss
        </button>
      </p>
    );
  }
  if (!offered) return null;
  return (
    <section class="home-card home-confirm" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 id={`${id}-title`}>Switch account?</h2>
      <p id={`${id}-text`}>
        The address this page was opened with signs in to the account of <strong data-testid="offered-account">{offered.userName}</strong>
        {current && <> instead of {current}</>}. Switch only if you signed in to that account yourself: a link made by someone else would show them all you do here.
      </p>
      <div class="home-row">
        <button type="button" class="danger" onClick={() => void accounts.accept()}>
          Switch account
        </button>
        <button ref={keep} type="button" class="primary" onClick={() => accounts.keep()}>
          Keep current account
        </button>
      </div>
    </section>
  );
}
