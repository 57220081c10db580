import type { Registry, TokenGrant } from '../registry/index.ts';
import type { WebsiteSessions } from './createWebsiteSessions.ts';

/**
 * The registry, with the website tokens of signed-in sessions resolving too.
 * The registry answers first (seed tokens, exchanged overlay tokens: the hot
 * path); every other member is the registry's own, whatever it grows.
 */
export function withSessions<R extends Registry>(registry: R, sessions: WebsiteSessions): R {
  const resolveToken = async (token: string): Promise<TokenGrant | undefined> => {
    const grant = await registry.resolveToken(token);
    if (grant) return grant;
    const session = await sessions.resolve(token);
    return session && { userId: session.userId, context: 'website', expiresAt: new Date(session.expiresAt).toISOString() };
  };
  return new Proxy(registry, {
    get(target, property) {
      if (property === 'resolveToken') return resolveToken;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
