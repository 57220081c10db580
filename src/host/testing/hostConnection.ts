import type { EventPage, ModuleContext, PublicProfile, Refusal, Settings } from '../../api/index.ts';
import { ManualClock } from '../../client/testing/ManualClock.ts';
import { createBridgeMethods } from '../createBridgeMethods.ts';
import { FloodGuard } from '../FloodGuard.ts';
import { HOST_LIMITS } from '../HostLimits.ts';
import { ModuleConnection } from '../ModuleConnection.ts';
import { FakeModuleData } from './FakeModuleData.ts';

export interface HostConnectionOptions {
  /** The host's end of the module's channel. */
  port: MessagePort;
  moduleId: string;
  data?: FakeModuleData;
  profile?: PublicProfile;
  /** @default 'overlay' */
  context?: ModuleContext;
  /** The manifest's settings of a module. @default none */
  settingsOf?: (moduleId: string) => Settings | undefined;
  /** Answers `events.list`. @default none (UNAVAILABLE) */
  listEvents?: (query: { after?: string; limit?: number }) => Promise<EventPage>;
  /** Told of refused requests. @default none */
  onRefused?: (moduleId: string, refusal: Refusal) => void;
  /** Told when the module says `ready` (the real host starts handing it alerts and events then). @default none */
  onReady?: () => void;
}

/**
 * The host's side of one module port, built as the real host builds it (bridge
 * methods, limits, flood guard) on a fake data layer and a manual clock: SDK
 * tests talk to the real bridge through it.
 */
export function hostConnection(options: HostConnectionOptions): ModuleConnection {
  const { port, moduleId, data = new FakeModuleData(), profile = {} as PublicProfile, context = 'overlay', settingsOf = () => undefined, listEvents, onRefused, onReady } = options;
  const clock = new ManualClock(0);
  return new ModuleConnection({
    port,
    moduleId,
    methods: createBridgeMethods({ data, kind: 'tool', getProfile: async () => profile, valueBytes: HOST_LIMITS.valueBytes, context, settingsOf, listEvents, onRefused }),
    limits: HOST_LIMITS,
    clock,
    flood: new FloodGuard(clock, 1000),
    onFault: () => {},
    onHung: (connection) => connection.close(),
    onReady,
  });
}
