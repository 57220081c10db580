import type { AlertsSwitches, BridgeEventName, Clock, EventPage, Kind, ModuleContext, ModuleEntry, PublicProfile, Refusal, Settings, StreamEvent } from '../api/index.ts';
import type { DataChange, ModuleData, SyncStatus } from '../client/index.ts';
import { type Throttled, throttleLatest } from './throttleLatest.ts';
import { createBridgeMethods } from './createBridgeMethods.ts';
import type { HostLimits } from './HostLimits.ts';
import type { ModuleConnection } from './ModuleConnection.ts';
import { FloodGuard } from './FloodGuard.ts';
import { messageBytes } from './messageBytes.ts';
import type { FrameFactory } from './ModuleFrame.ts';
import type { ModuleState } from './ModuleState.ts';
import type { SettingsMedia } from './readSettings.ts';
import { ModuleSupervisor, type SupervisorContext, type WelcomeReply } from './ModuleSupervisor.ts';
import { publicOnly } from './publicOnly.ts';
import { statusForModule } from './statusForModule.ts';
import type { TrafficRecord } from './TrafficRecord.ts';

export interface BridgeHubOptions {
  data: ModuleData;
  kind: Kind;
  getProfile: () => Promise<PublicProfile>;
  createFrame: FrameFactory;
  limits: HostLimits;
  clock: Clock;
  random: () => number;
  randomId: () => string;
  createChannel: () => MessageChannel;
  onTraffic?: (record: TrafficRecord) => void;
  /** `Overlay.events.list()`: `GET /me/events` with the page's token. @default none (UNAVAILABLE) */
  listEvents?: (query: { after?: string; limit?: number }) => Promise<EventPage>;
  /** Told of each request a module's page refused (from the SDK). */
  onRefused?: (moduleId: string, refusal: Refusal) => void;
  /** Where the modules run, as `Overlay.ready` tells them. @default 'overlay' */
  context?: ModuleContext;
  /** Every module's settings by id, for entries that carry no `settings` (createModuleHost). */
  loadSettings?: () => Promise<Readonly<Record<string, Settings>>>;
  /**
   * The API (address and token) whose media library media settings name, and the
   * page address module URLs are relative to. @default none: media settings read as stored
   */
  media?: { api: SettingsMedia['api']; baseUrl: string };
  /**
   * Whether module frames may share a renderer process (all from one site). When
   * each module has a site of its own, a hang blocks only its own frame.
   * @default true
   */
  framesShareProcess?: boolean;
}

/**
 * Modules hear of the queue status at most this often: a drain changes `pending`
 * with every confirmed write, and each event is a message to every module.
 * The newest status always arrives.
 */
export const STATUS_EVENT_MS = 50;

/** The parent window of a window (cross-origin readable), to find a nested frame's module. */
export type ParentOf = (window: unknown) => unknown;

/** Events the page may send to every module. */
export type HostEventName = Extract<BridgeEventName, 'profile' | 'visible' | 'hidden'>;

/**
 * The DOM-free core of the module host: one supervisor per mounted module,
 * hellos routed by sender window, and data changes and status fanned out.
 */
export class BridgeHub {
  private readonly supervisors = new Map<string, ModuleSupervisor>();
  private readonly stateListeners = new Set<(state: ModuleState) => void>();
  private readonly context: SupervisorContext;
  private readonly data: ModuleData;
  private readonly unsubscribe: (() => void)[];
  private visibility: 'visible' | 'hidden' | null = null;
  /** The last alert switches, for alert modules mounted later. */
  private alertSwitches: AlertsSwitches | null = null;
  private readonly framesShareProcess: boolean;
  private readonly statusEvents: Throttled<SyncStatus>;
  /** The shared budget of window messages that come from no module's own frame. */
  private readonly strays: FloodGuard;

  constructor(options: BridgeHubOptions) {
    const { data, kind, getProfile, limits } = options;
    this.data = data;
    this.framesShareProcess = options.framesShareProcess ?? true;
    this.context = {
      ...options,
      methods: createBridgeMethods({
        data,
        kind,
        getProfile,
        valueBytes: limits.valueBytes,
        context: options.context ?? 'overlay',
        settingsOf: (id) => this.settingsOf(id, options.loadSettings),
        settingsMediaOf: (id) => this.settingsMediaOf(id, options.media),
        listEvents: options.listEvents,
        answerAlert: (id, n, showing) => this.supervisors.get(id)?.answerAlert(n, showing),
        onRefused: options.onRefused,
      }),
      onState: (state) => {
        for (const listener of this.stateListeners) notify(listener, state);
      },
      onConnect: (connection) => this.welcome(connection),
      onHung: (supervisor) => this.restartHung(supervisor),
    };
    this.strays = new FloodGuard(options.clock, limits.maxMessagesPerSecond, limits.maxBytesPerSecond);
    this.statusEvents = throttleLatest(options.clock, STATUS_EVENT_MS, (status) => this.fanOutStatus(status));
    this.unsubscribe = [data.onChange((change) => this.fanOutChange(change)), data.onStatus((status) => this.statusEvents.push(status))];
  }

  /** A module's settings: its entry's, else the loaded ones (a chunk that cannot load, the server gone: none). */
  private async settingsOf(id: string, load: BridgeHubOptions['loadSettings']): Promise<Settings | undefined> {
    const entry = this.supervisors.get(id)?.manifest;
    if (!entry || entry.settings || !load) return entry?.settings;
    return load().then((all) => all[id], () => undefined);
  }

  /** A module's files sit beside its page (index.html, or panel.html in the dock). */
  private settingsMediaOf(id: string, media: BridgeHubOptions['media']): SettingsMedia | undefined {
    const entry = this.supervisors.get(id)?.manifest;
    if (!entry || !media) return undefined;
    const page = new URL(entry.url, media.baseUrl);
    return { api: media.api, fileUrl: (path) => new URL(path, page).href };
  }

  /** Starts a module, or updates it when it is mounted already. */
  mount(entry: ModuleEntry): void {
    const existing = this.supervisors.get(entry.id);
    if (existing) {
      existing.update(entry);
      return;
    }
    const supervisor = new ModuleSupervisor(entry, this.context);
    this.supervisors.set(entry.id, supervisor);
    supervisor.start();
  }

  /** Removes a module and its frame. */
  unmount(id: string): void {
    this.supervisors.get(id)?.stop();
    this.supervisors.delete(id);
  }

  /** Mounts what is new, unmounts what is gone, leaves the rest running. */
  sync(entries: readonly ModuleEntry[]): void {
    const wanted = new Set(entries.map((entry) => entry.id));
    for (const id of [...this.supervisors.keys()]) if (!wanted.has(id)) this.unmount(id);
    for (const entry of entries) this.mount(entry);
  }

  /** Reloads one module's frame (hot reload, or a manual restart). */
  reload(id: string): void {
    this.supervisors.get(id)?.reload();
  }

  /** Sends `profile`, `visible` or `hidden` to every connected module; modules connecting later get the visibility too. */
  emit(name: HostEventName, payload?: unknown): void {
    if (name === 'visible' || name === 'hidden') this.visibility = name;
    let data: unknown;
    try {
      data = name === 'profile' ? publicOnly(payload as PublicProfile) : undefined;
    } catch {
      return; // not a cloneable profile: nothing is sent rather than something unchecked
    }
    for (const supervisor of this.supervisors.values()) supervisor.send(name, data);
  }

  /** Tells every connected module its box (`layout`), after the frames moved. */
  sendBoxes(): void {
    for (const supervisor of this.supervisors.values()) supervisor.sendBox();
  }

  /** Stream events, oldest first, to every mounted module (one that is starting gets them once ready). */
  emitEvents(events: readonly StreamEvent[]): void {
    if (events.length === 0) return;
    for (const supervisor of this.supervisors.values()) supervisor.sendEvents(events);
  }

  /** Shows one alert of the queue in every alert module of the page (presentAlert.ts, loaded with the first alert). */
  async presentAlert(alert: { event: StreamEvent; muted: boolean }, signal: AbortSignal): Promise<void> {
    return (await loadAlertCode()).presentAlert(this.supervisors.values(), alert, signal, this.alertSwitches);
  }

  /** The streamer's pause and mute, to every alert module now and to those that connect later (presentAlert.ts). */
  setAlertSwitches(switches: AlertsSwitches): void {
    this.alertSwitches = switches;
    // Its code did not load (the page's server went away): the next change, or the next alert, tells them.
    loadAlertCode().then((code) => code.setAlertSwitches(this.supervisors.values(), switches), () => undefined);
  }

  /**
   * A window message; only a hello from a mounted module's own frame window is
   * considered. Messages from frames nested inside a module's frame, however
   * deep (found with `parentOf`, up to the top window), count against that
   * module's flood budget, so it cannot flood through child frames. Senders of
   * no module share one budget: once it is spent, their messages are dropped
   * unread for the rest of the second.
   */
  handleWindowMessage(source: unknown, data: unknown, reply: WelcomeReply, parentOf?: ParentOf): void {
    const direct = this.ownerOf(source);
    if (direct) {
      direct.handleHello(data, reply);
      return;
    }
    // Spent: drop at the door, without even the walk, until the second is over.
    if (this.strays.spent()) return;
    const owner = parentOf && this.ancestorOwner(source, parentOf);
    if (owner) owner.handleStray(data);
    else this.strays.allow(messageBytes(data, this.context.limits.maxBytesPerSecond));
  }

  /** The module whose frame holds `source` at any depth; the walk ends at the top window (its own parent). */
  private ancestorOwner(source: unknown, parentOf: ParentOf): ModuleSupervisor | undefined {
    let ancestor = source;
    // Chromium allows at most 1000 frames in a page: a longer chain is not a real one.
    for (let depth = 0; ancestor != null && depth < 1000; depth += 1) {
      const parent = parentOf(ancestor);
      if (parent === ancestor || parent == null) return undefined;
      ancestor = parent;
      const owner = this.ownerOf(ancestor);
      if (owner) return owner;
    }
    return undefined;
  }

  /** The state of every mounted module. */
  states(): ModuleState[] {
    return [...this.supervisors.values()].map((supervisor) => supervisor.current);
  }

  /** Calls `listener` on every state change; returns the unsubscribe function. */
  onState(listener: (state: ModuleState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Stops every module and lets go of the data layer. */
  destroy(): void {
    for (const id of [...this.supervisors.keys()]) this.unmount(id);
    for (const stop of this.unsubscribe) stop();
    this.statusEvents.cancel();
    this.stateListeners.clear();
  }

  /**
   * Chromium may run the module frames of one site in one renderer process:
   * when one loops forever, all of them fall silent (frames still loading
   * included), and the process is freed only once every frame in it is gone.
   * So all of them are removed together. The blame (a failure, with backoff)
   * goes to a module that failed just before (it flooded, say), else to the
   * most recently connected one, as hangs tend to follow a start; the others
   * come back after a short pause. If the blame was wrong, the culprit hangs
   * again as the newest module and is blamed then.
   */
  private restartHung(hung: ModuleSupervisor): void {
    const { heartbeatMs, missedHeartbeats } = this.context.limits;
    if (!this.framesShareProcess) {
      hung.failHung(`hung: ${missedHeartbeats} heartbeats unanswered`);
      return;
    }
    const all = [...this.supervisors.values()];
    const stuck = all.filter((supervisor) => supervisor === hung || supervisor.isSilent() || supervisor.current.phase === 'connecting');
    const offender = all.find((supervisor) => supervisor !== hung && supervisor.failedWithin(heartbeatMs * (missedHeartbeats + 1)));
    const blamed = offender ?? stuck.reduce((latest, each) => (each.connectedAt > latest.connectedAt ? each : latest), hung);
    if (!offender) blamed.failHung(`hung: ${missedHeartbeats} heartbeats unanswered`);
    for (const supervisor of stuck) {
      if (supervisor !== blamed) supervisor.restartBlocked(`blocked while ${blamed.current.id} failed (frames may share a process)`);
    }
  }

  private ownerOf(source: unknown): ModuleSupervisor | undefined {
    for (const supervisor of this.supervisors.values()) if (supervisor.owns(source)) return supervisor;
    return undefined;
  }

  /** A freshly connected module learns the queue status, and visibility if the page reported it (its box it learnt from its supervisor). */
  private welcome(connection: ModuleConnection): void {
    connection.send('status', statusForModule(connection.moduleId, this.data.status()));
    if (this.visibility) connection.send(this.visibility);
  }

  /** A module hears of a change to its own key when another module, or its own copy in another tab, made it. */
  private fanOutChange(change: DataChange): void {
    if (change.from === change.moduleId && !change.remote) return;
    const event = { key: change.name, value: change.value, from: change.from };
    this.supervisors.get(change.moduleId)?.send('change', event);
  }

  private fanOutStatus(status: SyncStatus): void {
    for (const [id, supervisor] of this.supervisors) supervisor.send('status', statusForModule(id, status));
  }
}

/** The host's alert code, loaded with the queue's first word: most pages have no alert module. */
function loadAlertCode(): Promise<typeof import('./presentAlert.ts')> {
  return import('./presentAlert.ts');
}

/** A throwing listener must not break the host: its error is reported on its own. */
function notify(listener: (state: ModuleState) => void, state: ModuleState): void {
  try {
    listener(state);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
