/** Where the tab keeps its website token for one API: for this tab's session only. */
export interface TokenMemory {
  read(): string | undefined;
  /** Stores the token, or forgets it (undefined). */
  write(token: string | undefined): void;
}

/** The key of the unkeyed token of earlier versions: it said nothing of its API, so it is dropped, never read. */
const UNKEYED = 'overlay.home.token';

/**
 * The storage key of the token given for `apiBase` (without a trailing slash).
 * A token is only ever read back for the API it was given for: a page opened
 * with another `api=` finds none and asks for one, instead of sending the
 * token to whatever server the address names.
 */
export function tokenKey(apiBase: string): string {
  return `${UNKEYED} ${apiBase}`;
}

/** A TokenMemory on `storage` (the page passes sessionStorage) for the API at `apiBase`; a storage that throws keeps nothing. */
export function tokenMemory(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, apiBase: string): TokenMemory {
  const key = tokenKey(apiBase);
  attempt(() => storage.removeItem(UNKEYED));
  return {
    read() {
      return attempt(() => storage.getItem(key) ?? undefined);
    },
    write(token) {
      // Storage off (a private window's policy): the token lives in the page until it closes.
      attempt(() => (token ? storage.setItem(key, token) : storage.removeItem(key)));
    },
  };
}

function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
