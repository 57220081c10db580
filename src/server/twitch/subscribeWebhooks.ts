import { ApiClient } from '@twurple/api';
import { AppTokenAuthProvider } from '@twurple/auth';
import { SUBSCRIBED_TYPES } from './eventSubTypes.ts';

/** `--twitch-webhook-url`, `--twitch-webhook-secret`, `--twitch-client-secret`. */
export interface WebhookSettings {
  /** The public HTTPS address of `POST /twitch/eventsub` (`/api/twitch/eventsub` with npm start). */
  callback: string;
  secret: string;
  clientSecret: string;
}

/**
 * Creates the webhook subscriptions of one streamer with an app access token
 * (client-credentials grant). One that already exists (409) is fine: every
 * instance may ask, Twitch keeps one.
 */
export async function subscribeWebhooks(options: { clientId: string; twitchUserId: string; webhook: WebhookSettings; log: (line: string) => void }): Promise<void> {
  const { clientId, twitchUserId, webhook, log } = options;
  const apiClient = new ApiClient({ authProvider: new AppTokenAuthProvider(clientId, webhook.clientSecret), logger: { minLevel: 'critical' } });
  const transport = { method: 'webhook' as const, callback: webhook.callback, secret: webhook.secret };
  for (const kind of SUBSCRIBED_TYPES) {
    try {
      await apiClient.eventSub.createSubscription(kind.type, kind.version, kind.condition(twitchUserId), transport);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 409) continue;
      log(`Twitch: cannot create the ${kind.type} webhook subscription: ${(error as Error).message}`);
    }
  }
}
