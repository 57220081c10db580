import { isErrorCode, OverlayError } from '../api/OverlayError.ts';
import type { Clock } from '../api/Clock.ts';
import { createDeadlineSweeper, type DeadlineSweeper } from '../api/createDeadlineSweeper.ts';
import type { SdkPort } from './SdkPort.ts';

interface Call {
  id: number;
  m: string;
  p: unknown;
  resolve: (value: unknown) => void;
  reject: (error: OverlayError) => void;
  settled: boolean;
}

type Listener = (data: unknown) => void;

export interface BridgeClientOptions {
  timers: Clock;
  /** @default 15000 */
  timeoutMs?: number;
  /** Calls sent and not yet answered; later calls wait in order. @default 64 */
  maxInFlight?: number;
  /**
   * Decides whether an event is told to the listeners now; one withheld may be told
   * later through `tell`. `c` is the last call the host had received when it sent it.
   */
  screen?(name: string, data: unknown, c: number | undefined): boolean;
}

/**
 * The module's side of the port: numbered calls with a deadline each, at most
 * `maxInFlight` on the wire (the rest queued in order, also before the port
 * exists), replies matched by id, events to listeners, pings answered.
 */
export class BridgeClient {
  private port: SdkPort | null = null;
  private nextId = 1;
  private readonly queue: Call[] = [];
  /** Sent and unanswered; a call that timed out keeps its slot until the host answers. */
  private readonly inFlight = new Map<number, Call>();
  /** The deadlines of every unsettled call, queued or sent. */
  private readonly deadlines: DeadlineSweeper<number>;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly timers: Clock;
  private readonly timeoutMs: number;
  private readonly maxInFlight: number;
  private readonly screen: BridgeClientOptions['screen'];

  constructor(options: BridgeClientOptions) {
    this.screen = options.screen;
    this.timers = options.timers;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxInFlight = options.maxInFlight ?? 64;
    this.deadlines = createDeadlineSweeper(options.timers);
  }

  /** Starts talking on `port` (after the welcome); queued calls go out. */
  attach(port: SdkPort): void {
    this.port = port;
    port.onmessage = (event) => this.receive(event.data);
    this.pump();
  }

  /** Calls method `m`; rejects with OverlayError (TIMEOUT after the deadline). */
  call(m: string, p: unknown): Promise<unknown> {
    return this.numberedCall(m, p).result;
  }

  /** `call`, with the id the call goes out with. */
  numberedCall(m: string, p: unknown): { id: number; result: Promise<unknown> } {
    const id = this.nextId++;
    const result = new Promise((resolve, reject) => {
      const call: Call = { id, m, p, resolve, reject, settled: false };
      this.deadlines.add(call.id, this.timers.now() + this.timeoutMs, () => this.expire(call));
      this.queue.push(call);
      this.pump();
    });
    return { id, result };
  }

  /** Adds an event listener; returns its remover. */
  on(name: string, listener: Listener): () => void {
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  private pump(): void {
    while (this.port && this.queue.length > 0 && this.inFlight.size < this.maxInFlight) {
      const call = this.queue.shift() as Call;
      this.inFlight.set(call.id, call);
      try {
        this.port.postMessage({ v: 1, k: 'req', id: call.id, m: call.m, p: call.p });
      } catch {
        this.inFlight.delete(call.id);
        this.settle(call, new OverlayError('BAD_REQUEST', 'the call cannot be cloned'));
      }
    }
  }

  private expire(call: Call): void {
    const queued = this.queue.indexOf(call);
    if (queued !== -1) this.queue.splice(queued, 1);
    this.settle(call, new OverlayError('TIMEOUT', `${call.m} got no answer within ${this.timeoutMs} ms`));
  }

  private settle(call: Call, error: OverlayError | null, value?: unknown): void {
    if (call.settled) return;
    call.settled = true;
    this.deadlines.remove(call.id);
    if (error) call.reject(error);
    else call.resolve(value);
  }

  private receive(data: unknown): void {
    const message = data as { k?: unknown; id?: unknown; ok?: unknown; r?: unknown; e?: unknown; n?: unknown };
    if (!message || typeof message !== 'object') return;
    if (message.k === 'res') this.reply(message.id, message.ok === true, message.r, message.e);
    else if (message.k === 'evt' && typeof message.n === 'string') this.event(message.n, data as { d?: unknown; c?: unknown });
    else if (message.k === 'ping') this.port?.postMessage({ k: 'pong', t: (data as { t?: unknown }).t });
  }

  private reply(id: unknown, ok: boolean, result: unknown, error: unknown): void {
    const call = this.inFlight.get(id as number);
    if (!call) return;
    this.inFlight.delete(call.id);
    this.settle(call, ok ? null : toOverlayError(error), result);
    this.pump();
  }

  private event(name: string, message: { d?: unknown; c?: unknown }): void {
    const c = typeof message.c === 'number' ? message.c : undefined;
    if (!this.screen || this.screen(name, message.d, c)) this.tell(name, message.d);
  }

  /** Tells the listeners of `name` (also an event the screen withheld earlier). */
  tell(name: string, data: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        listener(data);
      } catch (error) {
        // One listener's bug must not silence the others; report it on its own.
        this.timers.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }
}

function toOverlayError(error: unknown): OverlayError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return new OverlayError(isErrorCode(code) ? code : 'INTERNAL', typeof message === 'string' ? message : 'failed');
}
