import { alertCurls } from './alertCurls.ts';
import { SecretField, type SecretModel, SecretNote, streamDeckCurl } from '../secrets/index.ts';

interface StreamDeckSectionProps {
  token: SecretModel;
  apiBase: string;
}

/** The Stream Deck token (it may post events and drive alerts only), the `curl` lines that use it, and a new one. */
export function StreamDeckSection({ token, apiBase }: StreamDeckSectionProps) {
  const value = token.shown.value ? (token.value.value ?? '') : '<Stream Deck token>';
  return (
    <div class="home-card home-stack">
      <p class="home-hint">A Stream Deck (or any button app) posts events and drives alerts with this token; it can do nothing else.</p>
      <SecretField model={token} label="Stream Deck token" showLabel="Show token">
        <button type="button" disabled={token.busy.value || token.value.value === null} onClick={() => void token.renew('New token made. The old one no longer works.')}>
          New Stream Deck token
        </button>
      </SecretField>
      <SecretNote model={token} />
      <p class="home-hint">A button that posts a custom event (the overlay's modules hear it as it is):</p>
      <pre class="home-code" data-testid="streamdeck-curl">
        <code>{streamDeckCurl(apiBase, value)}</code>
      </pre>
      <p class="home-hint">Buttons for the alerts, one line each (every overlay and the dock follow at once):</p>
      <pre class="home-code" data-testid="streamdeck-alert-curl">
        <code>{alertCurls(apiBase, value)}</code>
      </pre>
    </div>
  );
}
