import { signal } from '@preact/signals';

/**
 * The studio's network switch: the overlay's API client gets `fetch` from here,
 * and while the switch is off every request fails the way a dropped network
 * does (a rejected fetch), so the write queue keeps writes and backs off.
 */
export class NetworkModel {
  readonly online = signal(true, { name: 'network.online' });

  constructor(
    private readonly realFetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
    private readonly page: EventTarget | null = typeof window === 'undefined' ? null : window,
  ) {}

  /** The fetch for the overlay's client. */
  readonly fetch: typeof globalThis.fetch = (input, init) =>
    this.online.peek()
      ? this.realFetch(input, init)
      : Promise.reject(new TypeError('Failed to fetch: the studio network switch is off'));

  /** Turns the page's connection off or on. */
  setOnline(online: boolean): void {
    this.online.value = online;
    // A browser fires `online` when its network comes back; the queue listens for it
    // and retries at once instead of waiting out its backoff.
    if (online) this.page?.dispatchEvent(new Event('online'));
  }
}
