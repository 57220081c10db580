import { type Kind, OverlayError } from '../api/index.ts';
import type { ApiClient } from '../client/index.ts';
import type { OverlayAuth } from './parseOverlayParams.ts';

export interface OverlayCredentials {
  token: string;
  kind: Kind;
}

/**
 * Turns the page's parameters into a token and a kind: exchanges an overlay id,
 * or takes the token as given and, when the kind is missing, asks the API.
 * Hands the token to the client. Rejects with an OverlayError.
 */
export async function obtainToken(client: ApiClient, auth: OverlayAuth): Promise<OverlayCredentials> {
  if ('overlay' in auth) {
    const issued = await client.exchangeOverlay(auth.overlay);
    client.setToken(issued.token);
    return { token: issued.token, kind: issued.overlay };
  }
  client.setToken(auth.token);
  if (auth.kind) return { token: auth.token, kind: auth.kind };
  const validation = await client.validate();
  if (validation.context !== 'overlay' || !validation.overlay) {
    throw new OverlayError('FORBIDDEN', 'this is a website token: add kind=<kind> to the address, or use overlay=<overlay id>');
  }
  return { token: auth.token, kind: validation.overlay };
}
