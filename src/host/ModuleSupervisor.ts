import { BRIDGE_VERSION, type BridgeEventName, type Clock, describeError, HelloSchema, type ModuleEntry, type StreamEvent, type Welcome } from '../api/index.ts';
import { EventOutbox } from './EventOutbox.ts';
import type { ModuleAlerts } from './ModuleAlerts.ts';
import type { BridgeHandler } from './createBridgeMethods.ts';
import { FloodGuard } from './FloodGuard.ts';
import { messageBytes } from './messageBytes.ts';
import type { HostLimits } from './HostLimits.ts';
import { ModuleConnection } from './ModuleConnection.ts';
import type { FrameFactory, ModuleFrame } from './ModuleFrame.ts';
import type { ModulePhase, ModuleState } from './ModuleState.ts';
import { restartDelay } from './restartDelay.ts';
import type { TrafficRecord } from './TrafficRecord.ts';

/** What all supervisors of one host share. */
export interface SupervisorContext {
  createFrame: FrameFactory;
  methods: Map<string, BridgeHandler>;
  limits: HostLimits;
  clock: Clock;
  random: () => number;
  randomId: () => string;
  createChannel: () => MessageChannel;
  onState: (state: ModuleState) => void;
  /** The module missed its heartbeats; the hub picks whom to restart. */
  onHung: (supervisor: ModuleSupervisor) => void;
  /** A module got a fresh port (first hello, or its page reloaded). */
  onConnect: (connection: ModuleConnection) => void;
  onTraffic?: (record: TrafficRecord) => void;
}

/** A page may open a new session at most this often; repeats of a hello are ignored anyway. */
const SESSION_GAP_MS = 1000;

/** Sends the welcome with the port to transfer; the DOM part posts it to the frame's window. */
export type WelcomeReply = (welcome: Welcome, port: MessagePort) => void;

/**
 * Keeps one module running: creates its frame, answers its hello with a port,
 * and tears it down and restarts it with backoff when it fails to connect,
 * hangs or floods. Other modules are never affected.
 */
export class ModuleSupervisor {
  private entry: ModuleEntry;
  private readonly context: SupervisorContext;
  private frame: ModuleFrame | null = null;
  private connection: ModuleConnection | null = null;
  private flood: FloodGuard;
  private readonly outbox: EventOutbox;
  /** Made by the first alert: its code loads on demand, as most pages never show one. */
  private alerts: ModuleAlerts | null = null;
  /** Tells the module once it said ready (its listeners are set); null before that and once it is gone. */
  private readySend: ((name: 'alert' | 'alertAbort' | 'alerts', data: unknown) => void) | null = null;
  private instance = '';
  private session = '';
  private sessionAt = Number.NEGATIVE_INFINITY;
  private timer: unknown;
  private failures = 0;
  private failedAt = Number.NEGATIVE_INFINITY;
  private readyAt: number | null = null;
  private state: ModuleState;

  constructor(entry: ModuleEntry, context: SupervisorContext) {
    this.entry = entry;
    this.context = context;
    this.flood = new FloodGuard(context.clock, context.limits.maxMessagesPerSecond, context.limits.maxBytesPerSecond);
    this.state = { id: entry.id, phase: 'connecting', lastError: null, restarts: 0 };
    this.outbox = new EventOutbox(context.clock);
  }

  get current(): ModuleState {
    return this.state;
  }

  /** The module's catalog entry (manifest, page URL), as last mounted or updated. */
  get manifest(): ModuleEntry {
    return this.entry;
  }

  /** Tells the module where its frame sits on the canvas (`layout`), if the page places frames on one. */
  sendBox(): void {
    const box = this.frame?.box;
    if (box) this.send('layout', box);
  }

  /** True when `source` is this module's frame window. */
  owns(source: unknown): boolean {
    return source != null && this.frame?.window === source;
  }

  /** Creates a fresh frame with a new instance id and waits for its hello. */
  start(): void {
    this.teardown();
    this.instance = this.context.randomId();
    try {
      this.frame = this.context.createFrame(this.entry, this.instance);
    } catch (error) {
      this.fail(`the frame could not be created: ${describeError(error)}`);
      return;
    }
    this.setPhase('connecting');
    const { helloTimeoutMs } = this.context.limits;
    this.timer = this.context.clock.setTimeout(
      () => this.fail(`no hello within ${helloTimeoutMs} ms (page missing, or it does not load the SDK)`),
      helloTimeoutMs,
    );
  }

  /** A message from this module's window; only a valid hello of the current instance counts. */
  handleHello(data: unknown, reply: WelcomeReply): void {
    if (!this.frame) return;
    if (!this.flood.allow(messageBytes(data, this.context.limits.maxBytesPerSecond))) {
      this.fail(`flooding: too many ${this.flood.exceeded} to the page`, true);
      return;
    }
    const hello = HelloSchema.safeParse(data);
    if (!hello.success || hello.data.instance !== this.instance) return;
    if (hello.data.session === this.session) return; // a repeat: this page is welcomed already
    const now = this.context.clock.now();
    if (now - this.sessionAt < SESSION_GAP_MS) return;
    this.session = hello.data.session;
    this.sessionAt = now;
    this.connect(reply);
  }

  /** A message from a frame nested in this module's frame: it only counts against the flood budget. */
  handleStray(data: unknown): void {
    if (this.frame && !this.flood.allow(messageBytes(data, this.context.limits.maxBytesPerSecond))) {
      this.fail(`flooding: too many ${this.flood.exceeded} to the page`, true);
    }
  }

  /** True while connected and past its heartbeat limit. */
  isHung(): boolean {
    return this.connection?.isHung() ?? false;
  }

  /** True while connected and its latest ping is unanswered. */
  isSilent(): boolean {
    return this.connection?.isSilent() ?? false;
  }

  /** When its current connection was made; -Infinity when not connected. */
  get connectedAt(): number {
    return this.connection && this.readyAt !== null ? this.readyAt : Number.NEGATIVE_INFINITY;
  }

  /** True when it hung or flooded (both can block the frames sharing its process) within the last `ms`. */
  failedWithin(ms: number): boolean {
    return this.context.clock.now() - this.failedAt <= ms;
  }

  /** Restarts it as hung: a failure, with backoff. */
  failHung(reason: string): void {
    this.fail(reason, true);
  }

  /** Restarts it after a short pause without counting a failure: another module blocked it. */
  restartBlocked(reason: string): void {
    const { limits, random } = this.context;
    this.teardown();
    this.readyAt = null;
    this.state = { ...this.state, lastError: reason };
    this.setPhase('restarting');
    this.restartAfter(restartDelay(1, limits.restartBaseMs, limits.restartMaxMs, random));
  }

  /** Sends an event if the module is connected. */
  send(name: BridgeEventName, data?: unknown): void {
    this.connection?.send(name, data);
  }

  /** Stream events: they reach the module once it is ready, in order, also after a restart. */
  sendEvents(events: readonly StreamEvent[]): void {
    this.outbox.push(events);
  }

  /** The module's side of the alert queue, made on first use with `Alerts` (loaded on demand). */
  alertsWith(Alerts: typeof ModuleAlerts): ModuleAlerts {
    if (!this.alerts) {
      this.alerts = new Alerts(this.context.clock, () => this.frame?.dataset);
      if (this.readySend) this.alerts.open(this.readySend);
    }
    return this.alerts;
  }

  /** The module's `alert.result` or `alert.done`. */
  answerAlert(n: number, showing?: boolean): void {
    this.alerts?.answer(n, showing);
  }

  /** Takes a new manifest; a new URL reloads the frame, a new size only rescales it. */
  update(entry: ModuleEntry): void {
    const reload = entry.url !== this.entry.url;
    this.entry = entry;
    if (reload) this.reload();
    else this.frame?.resize(entry.width, entry.height);
  }

  /** Reloads this module only (hot reload, or a manual restart); forgets past failures. */
  reload(): void {
    this.failures = 0;
    this.start();
  }

  /** Removes the module for good. */
  stop(): void {
    this.teardown();
    this.alerts?.stop();
  }

  private connect(reply: WelcomeReply): void {
    this.connection?.close();
    this.outbox.close();
    this.readySend = null;
    this.alerts?.close();
    this.context.clock.clearTimeout(this.timer);
    const channel = this.context.createChannel();
    const { limits, clock, methods, onTraffic } = this.context;
    const connection = new ModuleConnection({
      port: channel.port1,
      moduleId: this.entry.id,
      methods,
      limits,
      clock,
      flood: this.flood,
      onTraffic,
      onFault: (reason) => this.fail(reason, true),
      onHung: () => this.context.onHung(this),
      onReady: () => {
        this.outbox.open((batch) => connection.send('event', batch));
        this.readySend = (name, data) => connection.send(name, data);
        this.alerts?.open(this.readySend);
      },
    });
    this.connection = connection;
    reply({ v: BRIDGE_VERSION, k: 'welcome', instance: this.instance, heartbeatMs: limits.heartbeatMs }, channel.port2);
    this.readyAt = clock.now();
    this.sendBox();
    this.setPhase('ready');
    this.context.onConnect(connection);
  }

  /** `blocking`: a hang or flood, which may have blocked other frames of its process. */
  private fail(reason: string, blocking = false): void {
    const { clock, limits, random } = this.context;
    this.teardown();
    if (blocking) this.failedAt = clock.now();
    if (this.readyAt !== null && clock.now() - this.readyAt >= limits.stableMs) this.failures = 0;
    this.readyAt = null;
    this.failures += 1;
    this.state = { ...this.state, lastError: reason };
    if (this.failures > limits.maxRestarts) {
      this.alerts?.stop();
      this.setPhase('crashed');
      return;
    }
    this.setPhase('restarting');
    this.restartAfter(restartDelay(this.failures, limits.restartBaseMs, limits.restartMaxMs, random));
  }

  private restartAfter(delay: number): void {
    this.timer = this.context.clock.setTimeout(() => {
      this.state = { ...this.state, restarts: this.state.restarts + 1 };
      this.start();
    }, delay);
  }

  private teardown(): void {
    this.context.clock.clearTimeout(this.timer);
    this.outbox.close();
    this.readySend = null;
    this.alerts?.close();
    this.connection?.close();
    this.connection = null;
    this.frame?.destroy();
    this.frame = null;
    this.session = '';
    this.sessionAt = Number.NEGATIVE_INFINITY;
  }

  private setPhase(phase: ModulePhase): void {
    this.state = { ...this.state, phase };
    this.context.onState(this.state);
  }
}
