/** The part of `document` the queue watches. */
export interface PageVisibility {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface PageEvents {
  /** Where `online` fires (the window). */
  window: EventTarget | null;
  document: PageVisibility | null;
}

/**
 * Calls `wake` when the browser says it is online again or the page becomes
 * visible: moments worth a try. `navigator.onLine` is only a hint, so nothing
 * here ever stops the queue. Returns the function that stops watching.
 */
export function watchPage(events: PageEvents, wake: () => void): () => void {
  const { window, document } = events;
  const onVisibility = () => {
    if (document?.visibilityState === 'visible') wake();
  };
  window?.addEventListener('online', wake);
  document?.addEventListener('visibilitychange', onVisibility);
  return () => {
    window?.removeEventListener('online', wake);
    document?.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The page's own window and document, where they exist. */
export function defaultPageEvents(): PageEvents {
  return {
    window: typeof globalThis.addEventListener === 'function' ? globalThis : null,
    document: typeof document === 'undefined' ? null : document,
  };
}
