import type { TokenGrant, TokenRegistry } from '../registry/index.ts';
import type { WebsiteSessions } from './createWebsiteSessions.ts';

/**
 * The token registry, with the website tokens of signed-in sessions resolving too: a copy of `registry`
 * (a plain object, as the registry factories make) whose `resolveToken` asks the registry first (seed tokens,
 * exchanged overlay tokens: the hot path), then the sessions. Every other member is the registry's own.
 */
export function withSessions<R extends TokenRegistry>(registry: R, sessions: WebsiteSessions): R {
  const resolveOwn = registry.resolveToken;
  const resolveToken = async (token: string): Promise<TokenGrant | undefined> => {
    const grant = await resolveOwn(token);
    if (grant) return grant;
    const session = await sessions.resolve(token);
    return session && { userId: session.userId, context: 'website', expiresAt: new Date(session.expiresAt).toISOString() };
  };
  return { ...registry, resolveToken };
}
