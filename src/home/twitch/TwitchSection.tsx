import { MessageLine } from '../../forms/index.ts';
import type { TwitchModel } from './TwitchModel.ts';

/** States where the streamer is connected already: no new code to ask for. */
const CONNECTED = new Set(['connected', 'elsewhere']);

/** The Twitch connection: its state, `Connect Twitch` (a code to enter at Twitch), `Disconnect`. */
export function TwitchSection({ model }: { model: TwitchModel }) {
  const state = model.state.value;
  const code = model.code.value;
  if (state === 'off') return <p class="home-hint home-card">This server runs without Twitch (no Twitch client id).</p>;
  return (
    <div class="home-card home-stack">
      <p role="status">
        Twitch: <strong data-testid="twitch-state">{state ?? 'reading…'}</strong>
      </p>
      {code && (
        <p class="twitch-code" data-testid="twitch-code">
          Enter the code <strong class="home-code-inline">{code.userCode}</strong> at{' '}
          <a href={code.verificationUri} target="_blank" rel="noopener noreferrer">
            {code.verificationUri}
          </a>
          {code.expiresIn > 0 && ` within ${Math.round(code.expiresIn / 60)} minutes`}. This page says connected once you did.
        </p>
      )}
      <div class="home-row">
        {state !== null && !CONNECTED.has(state) && (
          <button type="button" disabled={model.busy.value} onClick={() => void model.connect()}>
            Connect Twitch
          </button>
        )}
        {state !== null && state !== 'not logged in' && (
          <button type="button" disabled={model.busy.value} onClick={() => void model.disconnect()}>
            Disconnect
          </button>
        )}
      </div>
      <MessageLine role="alert" class="home-error" testId="twitch-refusal" text={model.refusal.value} />
      <MessageLine role="alert" class="home-error" text={model.error.value} />
    </div>
  );
}
