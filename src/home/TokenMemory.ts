/** Where the tab keeps its website token: for this tab's session only. */
export interface TokenMemory {
  read(): string | undefined;
  /** Stores the token, or forgets it (undefined). */
  write(token: string | undefined): void;
}

const KEY = 'overlay.home.token';

/** A TokenMemory on `storage` (the page passes sessionStorage); a storage that throws keeps nothing. */
export function tokenMemory(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): TokenMemory {
  return {
    read() {
      try {
        return storage.getItem(KEY) ?? undefined;
      } catch {
        return undefined;
      }
    },
    write(token) {
      try {
        if (token) storage.setItem(KEY, token);
        else storage.removeItem(KEY);
      } catch {
        // Storage off (a private window's policy): the token lives in the page until it closes.
      }
    },
  };
}
