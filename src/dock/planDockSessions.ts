import { KINDS } from '../api/index.ts';
import type { ApiClient } from '../client/index.ts';
import type { OverlayParams } from '../runtime/index.ts';

/**
 * What the dock's address opens, one overlay start per kind. An overlay id or
 * an overlay token: that kind. A website token: every kind of the profile,
 * each by its overlay id (exchanged at `POST /auth/overlay`, and again after a
 * 401), since only an overlay token may write to a kind's data.
 */
export async function planDockSessions(client: ApiClient, params: OverlayParams): Promise<OverlayParams[]> {
  const { auth } = params;
  if ('overlay' in auth || auth.kind) return [params];
  client.setToken(auth.token);
  const validation = await client.validate();
  if (validation.context === 'overlay' && validation.overlay) return [{ ...params, auth: { token: auth.token, kind: validation.overlay } }];
  const { overlays } = await client.me();
  return KINDS.filter((kind) => overlays[kind]).map((kind) => ({ ...params, auth: { overlay: overlays[kind] } }));
}
