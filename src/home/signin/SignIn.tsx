import { useId, useState } from 'preact/hooks';
import { SIGN_IN_PATH } from '../../api/index.ts';
import { MessageLine } from '../../forms/index.ts';
import type { HomeSession } from '../HomeSession.ts';

/** Without a token: a field for the website token, and "Sign in with Twitch" where the server offers it. */
export function SignIn({ session }: { session: HomeSession }) {
  const id = useId();
  const [token, setToken] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    const trimmed = token.trim();
    if (trimmed) void session.signIn(trimmed);
  };
  return (
    <section class="home-section home-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sign in</h2>
      <form class="home-stack" onSubmit={submit}>
        <label for={id}>Website token</label>
        <input id={id} type="password" autoComplete="off" spellcheck={false} value={token} onInput={(event) => setToken(event.currentTarget.value)} />
        <p class="home-hint">
          <code>npm start</code> prints the address of this page with the token in it. The token is kept for this tab only.
        </p>
        <div class="home-row">
          <button type="submit" class="primary">
            Sign in
          </button>
          {session.signup.value === 'twitch' && (
            <a class="button" href={session.client.baseUrl + SIGN_IN_PATH}>
              Sign in with Twitch
            </a>
          )}
        </div>
      </form>
      <MessageLine role="alert" class="home-error" text={session.error.value} />
    </section>
  );
}
