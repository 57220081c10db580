import { Agent } from 'node:http';
import type { SoakUser } from './soakSeed.ts';
import { send } from './soakHttp.ts';
import { SOAK_MODULE } from './soakValue.ts';

/** One key a writer owns: its next sequence number, the numbers acked with 200, and whether it may be written now. */
export interface OwnedKey {
  user: SoakUser;
  key: string;
  next: number;
  acked: number[];
  busyUntil: number;
}

/** One write of a key: what the writer sends for sequence number `n`, sent at `t`. */
export interface SoakRequest {
  method: 'PATCH' | 'PUT';
  path: string;
  token: string;
  body: string;
}

/** The data writes: `PATCH /me/database` of the key with `{n, t}`, with the user's tool token. */
export function databaseWrite(owned: OwnedKey, n: number, t: number): SoakRequest {
  return { method: 'PATCH', path: '/me/database', token: owned.user.token, body: JSON.stringify({ id: SOAK_MODULE, key: owned.key, value: { n, t } }) };
}

/** A failed write may still be applied later (a paused Redis runs what it queued): its key rests this long before the next. */
const REST_AFTER_FAILURE_MS = 5000;

/**
 * One writer: writes its own keys in turn at a fixed rate (a PATCH of a
 * database key unless `compose` says otherwise), one write per key at a
 * time, each value `{n, t}` with the key's next sequence number. Only a
 * 200 counts as acked; a key whose write failed rests before the next, so that
 * a failed write Redis applies late cannot land after a newer acked one.
 */
export class SoakWriter {
  readonly agent = new Agent({ keepAlive: true, maxSockets: 4 });
  sent = 0;
  acked = 0;
  failed = 0;
  skipped = 0;
  /** Time from sending a PATCH to its 200, in ms. */
  readonly ackMs: number[] = [];
  private turn = 0;
  private ticks = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly keys: OwnedKey[],
    private readonly port: number,
    private readonly compose: (owned: OwnedKey, n: number, t: number) => SoakRequest = databaseWrite,
  ) {}

  /** Starts writing `perSecond` writes a second; a late timer catches up, so a loaded machine still gets the rate. */
  start(perSecond: number): void {
    const began = Date.now();
    this.timer = setInterval(() => {
      const due = Math.floor(((Date.now() - began) * perSecond) / 1000);
      while (this.ticks < due) {
        this.ticks++;
        this.tick();
      }
    }, 1000 / perSecond);
  }

  /** Stops sending and waits for the writes in flight; with `retry`, then writes again the keys whose last write failed. */
  async stop(retry = false): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.inFlight);
    if (retry) await this.retryFailed();
    this.agent.destroy();
  }

  /**
   * Writes each key whose last write failed once more (after its rest), until
   * one is acked or `tries` fail: as a page retries a save that got no answer.
   * A profile write that failed may have been applied without its live notice.
   */
  async retryFailed(tries = 5): Promise<void> {
    const failed = this.keys.filter((owned) => owned.next > 1 && owned.acked[owned.acked.length - 1] !== owned.next - 1);
    await Promise.all(
      failed.map(async (owned) => {
        for (let attempt = 0; attempt < tries && owned.acked[owned.acked.length - 1] !== owned.next - 1; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, owned.busyUntil - Date.now())));
          await this.write(owned);
        }
      }),
    );
  }

  private tick(): void {
    const now = Date.now();
    for (let i = 0; i < this.keys.length; i++) {
      const owned = this.keys[this.turn++ % this.keys.length]!;
      if (owned.busyUntil > now) continue;
      const done = this.write(owned).finally(() => this.inFlight.delete(done));
      this.inFlight.add(done);
      return;
    }
    this.skipped++;
  }

  private async write(owned: OwnedKey): Promise<void> {
    const n = owned.next++;
    owned.busyUntil = Number.POSITIVE_INFINITY;
    this.sent++;
    const sentAt = Date.now();
    const { method, path, token, body } = this.compose(owned, n, sentAt);
    try {
      const answer = await send(this.agent, this.port, method, path, token, body);
      if (answer.status !== 200) throw new Error(`${answer.status}`);
      owned.acked.push(n);
      this.acked++;
      this.ackMs.push(Date.now() - sentAt);
      owned.busyUntil = 0;
    } catch {
      this.failed++;
      owned.busyUntil = Date.now() + REST_AFTER_FAILURE_MS;
    }
  }
}
