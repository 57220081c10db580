import type { HomeSection } from './HomeSection.ts';
import type { HomeSession } from './HomeSession.ts';
import { type AccountSwitch, AccountSwitchPrompt, SignIn } from './signin/index.ts';

interface HomeAppProps {
  session: HomeSession;
  /** A token from the address that would replace the tab's: asked about above everything else. */
  accounts: AccountSwitch;
  sections: readonly HomeSection[];
  /** The dock's address (same API), for the header's link. */
  dockHref: string;
}

/** The streamer's home page: sign in, then one section per part of the profile. */
export function HomeApp({ session, accounts, sections, dockHref }: HomeAppProps) {
  const phase = session.phase.value;
  return (
    <main class="home" data-testid="home" data-phase={phase}>
      <header class="home-header">
        <h1>Your overlay</h1>
        {session.userName.value && <span class="home-user" data-testid="home-user">{session.userName.value}</span>}
        <nav class="home-row" aria-label="Pages">
          <a href={dockHref}>Dock</a>
          {session.token.value && (
            <button type="button" onClick={() => void session.signOut()}>
              Sign out
            </button>
          )}
        </nav>
      </header>
      <AccountSwitchPrompt accounts={accounts} current={session.userName.value} />
      {phase === 'signed-out' && <SignIn session={session} />}
      {phase === 'loading' && <p class="home-hint">Reading your profile…</p>}
      {session.error.value && phase !== 'signed-out' && (
        <p class="home-error" role="alert">
          {session.error.value}{' '}
          <button type="button" onClick={() => void session.reload()}>
            Try again
          </button>
        </p>
      )}
      {phase === 'ready' &&
        sections.map(({ id, title, View }) => (
          <section key={id} id={id} class="home-section" aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{title}</h2>
            <View />
          </section>
        ))}
    </main>
  );
}
