import { PROFILE_SLOTS, type ProfileSlot, type SlotState, slotState } from './soakProfile.ts';

/** What a client shows of a slot; `etag` is the last `GET`'s (a `layout` message carries none). */
export interface ShownSlot extends SlotState {
  etag: string | undefined;
}

export interface ProfileFollowerOptions {
  token: string;
  /** `GET /me` (`selected`) or `GET /me/layout/tool` (`layout`) with the token: body and ETag; throws when it cannot answer. */
  read(token: string, slot: ProfileSlot): Promise<{ json: string; etag: string }>;
  /** Receives the time from a profile write's PUT until this client has it, in ms. */
  onDelivery(slot: ProfileSlot, ms: number): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The profile side of a live client, as the page does it: on `profile` it
 * re-reads `GET /me`, on `layout` it takes the layout sent, and after every
 * `ready` it re-reads both (those messages are never replayed). One read per
 * slot at a time; a notice during a read asks for one more. Of two answers the
 * one with the larger mark wins, so a slow read never undoes a newer value.
 */
export class ProfileFollower {
  readonly shown = new Map<ProfileSlot, ShownSlot>();
  private readonly reading = new Map<ProfileSlot, 'once' | 'again'>();
  private stopped = false;

  constructor(private readonly options: ProfileFollowerOptions) {}

  stop(): void {
    this.stopped = true;
  }

  onReady(): void {
    for (const slot of PROFILE_SLOTS) this.reread(slot);
  }

  onProfile(): void {
    this.reread('selected');
  }

  onLayout(layout: unknown): void {
    this.take('layout', slotState('layout', JSON.stringify(layout)), this.shown.get('layout')?.etag);
  }

  private reread(slot: ProfileSlot): void {
    if (this.reading.has(slot)) {
      this.reading.set(slot, 'again');
      return;
    }
    this.reading.set(slot, 'once');
    void this.readUntilCurrent(slot);
  }

  /** Reads until a read started after the last notice answers (a killed instance or a paused Redis fails some). */
  private async readUntilCurrent(slot: ProfileSlot): Promise<void> {
    for (let attempt = 0; !this.stopped; ) {
      try {
        const { json, etag } = await this.options.read(this.options.token, slot);
        this.take(slot, slotState(slot, json), etag);
        if (this.reading.get(slot) === 'once') break;
        this.reading.set(slot, 'once');
        attempt = 0;
      } catch {
        await sleep(Math.min(2000, 100 * 2 ** attempt++));
      }
    }
    this.reading.delete(slot);
  }

  private take(slot: ProfileSlot, state: SlotState, etag: string | undefined): void {
    const shown = this.shown.get(slot);
    if (shown && state.n < shown.n) return;
    if ((!shown || state.n > shown.n) && state.t > 0) this.options.onDelivery(slot, Date.now() - state.t);
    this.shown.set(slot, { ...state, etag });
  }
}
