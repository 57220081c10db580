import { describeError, type Kind, type Profile, toPublicProfile } from '../api/index.ts';
import type { ApiClient, ProfileCache } from '../client/index.ts';
import { describeStartFailure, isUnreachable } from './describeStartFailure.ts';
import { type ObtainTokenOptions, obtainToken } from './obtainToken.ts';
import type { OverlayModel } from './OverlayModel.ts';
import type { OverlayParams } from './parseOverlayParams.ts';

/** Whose overlay this is and of which kind: enough to start the module frames. */
export interface FirstProfile {
  kind: Kind;
  userId: string;
  /**
   * The API's answer. Resolves with the full profile (the client then holds a
   * token), or with `undefined` when the API is out of reach (the page runs on
   * the cached profile and retries); rejects with a `StartRefused` when the API
   * refused the address, even after the frames started from the cached profile.
   */
  answer: Promise<Profile | undefined>;
  /** True when the page starts from the cached profile before the API answered: the answer may change it. */
  early: boolean;
}

/** The API refused the overlay's address (bad token, unknown overlay id): the page cannot run. */
export class StartRefused extends Error {}

/**
 * Token and profile from the API; when the last profile seen is at hand first
 * (read from the local database while the network answers), the page starts its
 * frames from it at once, since loading them takes longer than the API does.
 * With nothing cached and no API, the start fails with a clear cause (`undefined`).
 */
export async function firstProfile(client: ApiClient, params: OverlayParams, model: OverlayModel, cache: ProfileCache): Promise<FirstProfile | undefined> {
  const lastSeen = cache.load().catch(() => undefined);
  const fetched = fetchProfile(client, params, model, cache).then(
    (fresh) => ({ fresh }),
    (error: unknown) => ({ error }),
  );
  const cached = await Promise.race([lastSeen, fetched.then(() => undefined)]);
  if (cached) {
    model.profile.value = cached.profile;
    const answer = fetched.then((result) => settle(result, model, params));
    return { kind: cached.kind, userId: cached.userId, answer, early: true };
  }
  const result = await fetched;
  if ('fresh' in result) {
    model.profile.value = toPublicProfile(result.fresh.profile);
    return { kind: result.fresh.kind, userId: result.fresh.profile.user.userId, answer: Promise.resolve(result.fresh.profile), early: false };
  }
  const fallback = await lastSeen;
  if (fallback && isUnreachable(result.error)) {
    model.profile.value = fallback.profile;
    return { kind: fallback.kind, userId: fallback.userId, answer: Promise.resolve(settle(result, model, params)), early: false };
  }
  model.fail('start', describeStartFailure(result.error, params, 'overlay'));
  return undefined;
}

/** Says in debug mode why the page waits: the API limits exchanges of an overlay id (429). */
export function waitNotice(model: OverlayModel): ObtainTokenOptions {
  return { onRateLimited: (ms) => model.report('auth', `too many exchanges of this overlay id: trying again in ${Math.ceil(ms / 1000)} s`) };
}

async function fetchProfile(client: ApiClient, params: OverlayParams, model: OverlayModel, cache: ProfileCache): Promise<{ kind: Kind; profile: Profile }> {
  const { kind } = await obtainToken(client, params.auth, waitNotice(model));
  model.resolve('auth');
  const profile = await client.me();
  // Not awaited: the modules need not wait for the copy (the store runs its transactions in order).
  void cache.save(profile, kind).catch(() => undefined);
  return { kind, profile };
}

/** The answer of a page that runs on its cached profile: the fresh profile, `undefined` when out of reach, or the refusal. */
function settle(result: { fresh: { profile: Profile } } | { error: unknown }, model: OverlayModel, params: OverlayParams): Profile | undefined {
  if ('fresh' in result) return result.fresh.profile;
  if (!isUnreachable(result.error)) throw new StartRefused(describeStartFailure(result.error, params, 'overlay'));
  model.report('api', `API unreachable (${describeError(result.error)}); showing the last profile seen, retrying`);
  model.fromCache.value = true;
  return undefined;
}
