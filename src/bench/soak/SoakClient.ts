import { WebSocket } from 'ws';
import type { LiveServerMessage } from '../../api/index.ts';
import { ProfileFollower } from './ProfileFollower.ts';
import type { ProfileSlot } from './soakProfile.ts';
import { compareCursors, parseSoakValue, SOAK_MODULE } from './soakValue.ts';

/** What a client shows for one key, and whether it came from a read (whose change may still arrive). */
interface Shown {
  json: string;
  n: number;
  fromRead: boolean;
}

export interface SoakClientOptions {
  /** `ws://127.0.0.1:<balancer>/me/database/changes` */
  url: string;
  token: string;
  keys: readonly string[];
  /** `GET /me/database` of one key: its JSON, or undefined on 404; throws when it cannot answer. */
  read(token: string, key: string): Promise<string | undefined>;
  /** Receives the time from a write's PATCH to this client's change, in ms. */
  onDelivery(ms: number): void;
  /** Receives the time from a dropped connection to the next `ready`, in ms. */
  onReconnect(ms: number): void;
  /** `GET /me` or `GET /me/layout/tool`: body and ETag; throws when it cannot answer. */
  readProfile(token: string, slot: ProfileSlot): Promise<{ json: string; etag: string }>;
  /** Receives the time from a profile write's PUT until this client has it, in ms. */
  onProfileDelivery(slot: ProfileSlot, ms: number): void;
}

/**
 * One live client, speaking the real protocol (src/api/live.ts): auth with its
 * token and, after a drop, `since` its last cursor; on `reset` (and at its
 * first start) it re-reads every key. It checks as it goes that no change
 * comes twice or out of order, and records what it saw for the final checks.
 * Its `profile` follows the `profile` and `layout` messages.
 */
export class SoakClient {
  readonly shown = new Map<string, Shown>();
  /** Per key: the value read at the last (re-)start, and every sequence number heard since. */
  readonly floor = new Map<string, number>();
  readonly heard = new Map<string, number[]>();
  readonly violations: string[] = [];
  readonly profile: ProfileFollower;
  resets = 0;
  ready = false;
  private cursor: string | undefined;
  private ws: WebSocket | undefined;
  private droppedAt: number | undefined;
  private attempts = 0;
  private generation = 0;
  private stopped = false;

  constructor(private readonly options: SoakClientOptions) {
    this.profile = new ProfileFollower({ token: options.token, read: options.readProfile, onDelivery: options.onProfileDelivery });
  }

  /** Opens the connection; resolves at the first `ready` (a failed attempt is retried like any drop). */
  start(): Promise<void> {
    return new Promise((resolve) => this.open(resolve));
  }

  stop(): void {
    this.stopped = true;
    this.profile.stop();
    this.ws?.terminate();
  }

  private open(onReady?: () => void): void {
    const ws = new WebSocket(this.options.url, { perMessageDeflate: false });
    this.ws = ws;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: this.options.token, ...(this.cursor ? { since: this.cursor } : {}) })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      this.receive(message);
      if (message.type === 'ready') {
        onReady?.();
        onReady = undefined;
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      this.ready = false;
      if (this.ws === ws) this.ws = undefined;
      this.reconnectLater(onReady);
    });
  }

  private reconnectLater(onReady?: () => void): void {
    if (this.stopped) return;
    // Only a connection that was ready counts as a reconnect; first attempts that fail do not.
    if (this.cursor !== undefined) this.droppedAt ??= Date.now();
    // Backoff with jitter, as the page does: a killed instance's clients do not all come back at once.
    const delay = Math.min(2000, 100 * 2 ** this.attempts++) * (0.5 + Math.random());
    setTimeout(() => this.stopped || this.open(onReady), delay);
  }

  private receive(message: LiveServerMessage): void {
    if (message.type === 'ready') this.onReady(message.cursor);
    else if (message.type === 'reset') {
      this.resets++;
      this.restart(message.cursor);
    } else if (message.type === 'change') this.onChange(message.cursor, message.moduleId, message.name, message.value);
    else if (message.type === 'profile') this.profile.onProfile();
    else if (message.type === 'layout') this.profile.onLayout(message.layout);
  }

  private onReady(cursor: string): void {
    this.ready = true;
    this.attempts = 0;
    if (this.droppedAt !== undefined) this.options.onReconnect(Date.now() - this.droppedAt);
    this.droppedAt = undefined;
    this.profile.onReady();
    // Without `since` there is nothing to replay: start from "now" and read what is there.
    if (this.cursor === undefined) this.restart(cursor);
  }

  /** Takes `cursor` as the new start and re-reads every key; changes after it keep arriving meanwhile. */
  private restart(cursor: string): void {
    this.cursor = cursor;
    const generation = ++this.generation;
    for (const key of this.options.keys) {
      this.heard.set(key, []);
      this.floor.delete(key);
      void this.reread(key, generation);
    }
  }

  /** Reads one key until it gets an answer (a killed instance or a paused Redis fails some reads). */
  private async reread(key: string, generation: number): Promise<void> {
    for (let attempt = 0; !this.stopped && generation === this.generation; attempt++) {
      try {
        const json = await this.options.read(this.options.token, key);
        if (generation !== this.generation) return;
        const n = json === undefined ? 0 : parseSoakValue(json).n;
        this.floor.set(key, n);
        const shown = this.shown.get(key);
        // A change heard meanwhile may be newer than the read: the larger sequence number is the newer value.
        if (json !== undefined && (!shown || n > shown.n)) this.shown.set(key, { json, n, fromRead: true });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
      }
    }
  }

  private onChange(cursor: string, moduleId: string, name: string, value: unknown): void {
    if (this.cursor !== undefined && !(compareCursors(cursor, this.cursor) > 0)) {
      this.violations.push(`change ${cursor} after ${this.cursor}: twice or out of order`);
    }
    this.cursor = cursor;
    if (moduleId !== SOAK_MODULE) return;
    const json = JSON.stringify(value);
    const { n, t } = parseSoakValue(json);
    this.options.onDelivery(Date.now() - t);
    const heard = this.heard.get(name) ?? [];
    if (heard.length > 0 && n <= heard[heard.length - 1]!) this.violations.push(`${name}: write ${n} heard after ${heard[heard.length - 1]}`);
    heard.push(n);
    this.heard.set(name, heard);
    const shown = this.shown.get(name);
    if (shown && n < shown.n && !shown.fromRead) this.violations.push(`${name}: write ${n} heard after showing ${shown.n}`);
    if (!shown || n >= shown.n) this.shown.set(name, { json, n, fromRead: false });
  }
}
