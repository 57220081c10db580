import type { EventStore } from '../events/index.ts';
import { PROFILE_TRIGGERS } from './eventSubTypes.ts';
import type { TwitchCredentialStore } from './TwitchCredentials.ts';
import { isFreshTimestamp, verifyEventSubSignature } from './verifyEventSubSignature.ts';

export interface WebhookHandlerOptions {
  /** `--twitch-webhook-secret`: what the subscriptions were created with. */
  secret: string;
  events: EventStore;
  credentials: TwitchCredentialStore;
  /** After stream.online, stream.offline and channel.update of one of our users. */
  onStreamChange?: (userId: string) => void;
  now?: () => number;
  log?: (line: string) => void;
}

interface WebhookBody {
  subscription?: { id?: string; type?: string; version?: string; status?: string; condition?: Record<string, string> };
  event?: Record<string, unknown>;
  challenge?: string;
}

/**
 * `POST /twitch/eventsub`: checks the signature and the age before reading
 * anything, answers the verification challenge in plain text, logs a
 * revocation, and stores a notification under EventSub's message id, so that
 * Twitch's retries (same id, on any instance) are stored once.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (request: Request) => Promise<Response> {
  const { secret, events, credentials, now = Date.now, log = console.warn } = options;
  return async (request) => {
    const header = (name: string) => request.headers.get(name) ?? '';
    const [id, timestamp, signature, type] = ['id', 'timestamp', 'signature', 'type'].map((part) => header(`twitch-eventsub-message-${part}`)) as [string, string, string, string];
    const body = await request.text();
    if (!id || !timestamp || !signature || !type) return refuse(400, 'BAD_REQUEST', 'Missing Twitch-Eventsub-Message headers');
    if (!verifyEventSubSignature(secret, id, timestamp, body, signature)) return refuse(403, 'FORBIDDEN', 'Bad Twitch-Eventsub-Message-Signature');
    if (!isFreshTimestamp(timestamp, now())) return refuse(403, 'FORBIDDEN', 'Twitch-Eventsub-Message-Timestamp is more than 10 minutes away');
    let message: WebhookBody;
    try {
      message = JSON.parse(body) as WebhookBody;
    } catch {
      return refuse(400, 'BAD_REQUEST', 'The body is not JSON');
    }
    if (type === 'webhook_callback_verification') return new Response(String(message.challenge ?? ''), { status: 200, headers: { 'Content-Type': 'text/plain' } });
    if (type === 'revocation') {
      log(`Twitch: ${message.subscription?.type} webhook subscription revoked (${message.subscription?.status}); its events stop until the next start`);
      return new Response(null, { status: 204 });
    }
    if (type !== 'notification') return new Response(null, { status: 204 });
    return store(message, id);
  };

  async function store(message: WebhookBody, id: string): Promise<Response> {
    const { subscription, event } = message;
    if (!subscription?.type || !event || typeof event !== 'object') return refuse(400, 'BAD_REQUEST', 'A notification needs subscription.type and event');
    const condition = subscription.condition ?? {};
    const broadcaster = condition.broadcaster_user_id ?? condition.to_broadcaster_user_id;
    const owner = (await credentials.list()).find((entry) => entry.credentials.twitchUserId === broadcaster);
    if (!owner) {
      // Acknowledged all the same: a retry would not find the streamer either.
      log(`Twitch: webhook notification for unknown broadcaster ${broadcaster} dropped`);
      return new Response(null, { status: 204 });
    }
    try {
      await events.append(owner.userId, { type: subscription.type, version: subscription.version ?? '1', event, id, source: 'twitch' });
    } catch (error) {
      // Not acknowledged: Twitch retries later with the same message id.
      log(`Twitch: cannot store a webhook notification: ${(error as Error).message}`);
      return refuse(503, 'UNAVAILABLE', 'The event store does not answer; retry later');
    }
    if (PROFILE_TRIGGERS.has(subscription.type)) options.onStreamChange?.(owner.userId);
    return new Response(null, { status: 204 });
  }
}

function refuse(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status });
}
