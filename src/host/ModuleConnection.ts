import { type BridgeError, type BridgeEventName, type BridgeRequest, type Clock, createDeadlineSweeper, type DeadlineSweeper, type HostMessage, ModuleMessageSchema, OverlayError } from '../api/index.ts';
import type { BridgeHandler } from './createBridgeMethods.ts';
import type { FloodGuard } from './FloodGuard.ts';
import { messageBytes } from './messageBytes.ts';
import type { HostLimits } from './HostLimits.ts';
import type { TrafficRecord } from './TrafficRecord.ts';

export interface ModuleConnectionOptions {
  /** The host's end of the module's channel; whatever arrives on it is from `moduleId`. */
  port: MessagePort;
  moduleId: string;
  methods: Map<string, BridgeHandler>;
  limits: HostLimits;
  clock: Clock;
  /** Shared with the frame's handshake: one budget per frame. */
  flood: FloodGuard;
  /** Called at most once, when the module floods; the connection is closed already. */
  onFault: (reason: string) => void;
  /**
   * Called when the module missed its heartbeats. The owner decides, because
   * modules that fell silent at the same time may share the hung one's process
   * and must be closed with it.
   */
  onHung: (connection: ModuleConnection) => void;
  onTraffic?: (record: TrafficRecord) => void;
  /** Called once the module's `ready` call is answered: from then on its listeners are in place. */
  onReady?: () => void;
}

type Outcome = { ok: true; r: unknown } | { ok: false; e: BridgeError };

/**
 * The host's side of one module port: validates every message, dispatches
 * requests with the port's module id, enforces the in-flight limit and call
 * timeouts, and pings. It never throws: bad input is answered or dropped.
 */
export class ModuleConnection {
  private readonly options: ModuleConnectionOptions;
  private inFlight = 0;
  private closed = false;
  private lastPongAt: number;
  private pingCount = 0;
  private heartbeat: unknown;
  /** The deadlines of the calls being handled. */
  private readonly deadlines: DeadlineSweeper<number>;
  private nextCall = 0;
  /** The highest request id the module sent on this port so far. */
  private lastRequestId = 0;

  constructor(options: ModuleConnectionOptions) {
    this.options = options;
    this.lastPongAt = options.clock.now();
    this.deadlines = createDeadlineSweeper(options.clock);
    options.port.onmessage = (event: MessageEvent) => this.receive(event.data);
    this.scheduleHeartbeat();
  }

  get moduleId(): string {
    return this.options.moduleId;
  }

  /** Time since the module last answered a ping. */
  silentMs(): number {
    return this.options.clock.now() - this.lastPongAt;
  }

  /** True when the module missed more heartbeats than allowed. */
  isHung(): boolean {
    const { heartbeatMs, missedHeartbeats } = this.options.limits;
    return !this.closed && this.silentMs() > heartbeatMs * missedHeartbeats;
  }

  /** True when the module left its latest ping unanswered (it may be blocked by another frame). */
  isSilent(): boolean {
    return !this.closed && this.silentMs() > this.options.limits.heartbeatMs * 1.5;
  }

  /**
   * Sends an event to the module; a no-op once closed. A `change` names the last call
   * received (`c`): a write of the key with a higher id was made before the page knew
   * of it, so the module's SDK knows the change is older than that write.
   */
  send(name: BridgeEventName, data?: unknown): void {
    this.post(name === 'change' ? { k: 'evt', n: name, d: data, c: this.lastRequestId } : { k: 'evt', n: name, d: data });
  }

  /** Stops listening and closes the port; late results are dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.options.clock.clearTimeout(this.heartbeat);
    this.deadlines.stop();
    this.options.port.onmessage = null;
    this.options.port.close();
  }

  private receive(data: unknown): void {
    if (this.closed) return;
    const { flood, limits } = this.options;
    if (!flood.allow(messageBytes(data, limits.maxBytesPerSecond))) {
      const limit = flood.exceeded === 'bytes' ? `${limits.maxBytesPerSecond} bytes` : `${limits.maxMessagesPerSecond} messages`;
      this.fault(`flooding: more than ${limit} per second`);
      return;
    }
    const parsed = ModuleMessageSchema.safeParse(data);
    if (!parsed.success) {
      this.refuseMalformed(data);
    } else if (parsed.data.k === 'pong') {
      this.lastPongAt = this.options.clock.now();
    } else {
      this.dispatch(parsed.data);
    }
  }

  /** A malformed request with a usable id is answered; anything else is dropped. */
  private refuseMalformed(data: unknown): void {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof data !== 'object' || !Number.isSafeInteger(id) || (id as number) < 0) return;
    this.post({ k: 'res', id: id as number, ok: false, e: { code: 'BAD_REQUEST', message: 'malformed request' } });
  }

  private dispatch(request: BridgeRequest): void {
    this.lastRequestId = Math.max(this.lastRequestId, request.id);
    const startedAt = this.options.clock.now();
    const answer = (outcome: Outcome) => this.answer(request, startedAt, outcome);
    const handler = this.options.methods.get(request.m);
    if (!handler) {
      answer(failure('BAD_REQUEST', `unknown method "${request.m}"`));
      return;
    }
    if (this.inFlight >= this.options.limits.maxInFlight) {
      answer(failure('BUSY', `more than ${this.options.limits.maxInFlight} calls in flight`));
      return;
    }
    this.inFlight += 1;
    const key = this.nextCall++;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      this.inFlight -= 1;
      this.deadlines.remove(key);
      answer(outcome);
    };
    const { callTimeoutMs } = this.options.limits;
    const expire = () => settle(failure('TIMEOUT', `${request.m} took longer than ${callTimeoutMs} ms`));
    this.deadlines.add(key, startedAt + callTimeoutMs, expire);
    invoke(handler, this.options.moduleId, request.p).then(settle);
  }

  private answer(request: BridgeRequest, startedAt: number, outcome: Outcome): void {
    if (this.closed) return;
    const reply: HostMessage = outcome.ok
      ? { k: 'res', id: request.id, ok: true, r: outcome.r }
      : { k: 'res', id: request.id, ok: false, e: outcome.e };
    if (!this.post(reply) && outcome.ok) {
      this.post({ k: 'res', id: request.id, ok: false, e: { code: 'INTERNAL', message: 'reply not cloneable' } });
    } else if (outcome.ok && request.m === 'ready') {
      this.options.onReady?.();
    }
    this.options.onTraffic?.({
      moduleId: this.options.moduleId,
      method: request.m,
      key: keyOf(request.p),
      ms: this.options.clock.now() - startedAt,
      ok: outcome.ok,
      code: outcome.ok ? undefined : outcome.e.code,
    });
  }

  private post(message: HostMessage): boolean {
    if (this.closed) return false;
    try {
      this.options.port.postMessage(message);
      return true;
    } catch {
      return false;
    }
  }

  private scheduleHeartbeat(): void {
    const { heartbeatMs } = this.options.limits;
    this.heartbeat = this.options.clock.setTimeout(() => this.beat(), heartbeatMs);
  }

  private beat(): void {
    if (this.isHung()) {
      this.options.onHung(this);
      if (this.closed) return;
    }
    this.pingCount += 1;
    this.post({ k: 'ping', t: this.pingCount });
    this.scheduleHeartbeat();
  }

  private fault(reason: string): void {
    if (this.closed) return;
    this.close();
    this.options.onFault(reason);
  }
}

function failure(code: BridgeError['code'], message: string): Outcome {
  return { ok: false, e: { code, message } };
}

/** Runs a handler; only OverlayError texts cross the bridge, anything else is INTERNAL. */
async function invoke(handler: BridgeHandler, ownId: string, params: unknown): Promise<Outcome> {
  try {
    return { ok: true, r: await handler(ownId, params) };
  } catch (error) {
    if (error instanceof OverlayError) return failure(error.code, error.message.slice(0, 500));
    return failure('INTERNAL', 'internal error');
  }
}

function keyOf(params: unknown): string | undefined {
  const key = (params as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' ? key.slice(0, 400) : undefined;
}
