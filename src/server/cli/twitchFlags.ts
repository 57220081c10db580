import { envName, type FlagValues } from './flagsFromEnv.ts';
import { secretSetting } from './secretSetting.ts';
import { UsageError } from './UsageError.ts';

/** Twitch's settings of the command line (docs/twitch.md). */
export interface TwitchFlags {
  clientId: string;
  /** The webhook transport; WebSocket sessions without. */
  webhook?: { callback: string; secret: string; clientSecret: string };
}

const WEBHOOK_SETTINGS = ['twitch-webhook-url', 'twitch-webhook-secret', 'twitch-client-secret'];

/** The Twitch flags: a client id alone means WebSocket sessions; the three webhook settings come together or not at all. */
export function twitchFlags(values: FlagValues): TwitchFlags | undefined {
  const clientId = values['twitch-client-id'] as string | undefined;
  const [url, secret, clientSecret] = [values['twitch-webhook-url'] as string | undefined, secretSetting(values, 'twitch-webhook-secret'), secretSetting(values, 'twitch-client-secret')];
  // The client secret alone serves --signup's code exchange; with a webhook setting it is one of the webhook's too.
  const forWebhook = url !== undefined || secret !== undefined || values.signup === undefined;
  const given = WEBHOOK_SETTINGS.filter((name, i) => [url, secret, clientSecret][i] !== undefined && (forWebhook || name !== 'twitch-client-secret'));
  if (given.length > 0 && !clientId) throw new UsageError(`--${given[0]}: needs --twitch-client-id (or ${envName('twitch-client-id')})`);
  if (!clientId) return undefined;
  if (!/^[a-z0-9]{1,64}$/i.test(clientId)) throw new UsageError('--twitch-client-id: expected the letters and digits of a Twitch client id');
  if (given.length === 0) return { clientId };
  if (url === undefined || secret === undefined || clientSecret === undefined) {
    const missing = WEBHOOK_SETTINGS.find((name) => !given.includes(name));
    throw new UsageError(`--${missing}: the webhook transport needs --twitch-webhook-url, --twitch-webhook-secret and --twitch-client-secret (or their -file forms)`);
  }
  if (secret.length < 10 || secret.length > 100) throw new UsageError(`--twitch-webhook-secret: expected 10 to 100 characters, got ${secret.length}`);
  return { clientId, webhook: { callback: webhookUrl(url), secret, clientSecret } };
}

/** Twitch only calls HTTPS on port 443; plain HTTP is accepted for a loopback address (a proxy on the same machine, tests). */
function webhookUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--twitch-webhook-url: not a URL: ${JSON.stringify(text)}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new UsageError('--twitch-webhook-url: must be an https:// address');
  return url.href;
}
