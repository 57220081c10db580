import type { createProfileBook } from './profileBook.ts';
import type { TokenGrant } from './Registry.ts';
import { type SeedIndex, streamdeckGrant } from './seedIndex.ts';

/**
 * A token's grant, looked up cheapest first: the seed's tokens (no round trip: the hot path of every seeded
 * overlay), then the exchanged tokens (`exchanged`: memory or Redis), then the profiles' Stream Deck tokens.
 */
export async function resolveGrant(
  token: string,
  index: SeedIndex,
  book: Pick<ReturnType<typeof createProfileBook>, 'ownerOfStreamdeck'>,
  exchanged: (token: string) => TokenGrant | undefined | Promise<TokenGrant | undefined>,
): Promise<TokenGrant | undefined> {
  const grant = index.seedGrants.get(token);
  if (grant) return { ...grant };
  // Awaited only when it is a promise (Redis): the memory registry's lookup is synchronous, on every request.
  const found = exchanged(token);
  const issued = found instanceof Promise ? await found : found;
  if (issued) return issued;
  const deckOwner = await book.ownerOfStreamdeck(token);
  return deckOwner === undefined ? undefined : streamdeckGrant(deckOwner);
}
