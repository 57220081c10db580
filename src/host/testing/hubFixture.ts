import { afterEach } from 'vitest';
import type { ModuleEntry, Welcome } from '../../api/index.ts';
import { BridgeHub, type BridgeHubOptions } from '../BridgeHub.ts';
import { HOST_LIMITS, type HostLimits } from '../HostLimits.ts';
import type { ModuleState } from '../ModuleState.ts';
import { FakeFrames } from './FakeFrames.ts';
import { FakeModuleData } from './FakeModuleData.ts';
import { ManualClock } from '../../client/testing/ManualClock.ts';

/** A manifest entry for tests. */
export const entry = (id: string): ModuleEntry => ({ id, name: id, kind: 'tool', width: 800, height: 600, url: `/modules/${id}/` });
export const hubs: BridgeHub[] = [];
const ports: MessagePort[] = [];

/** A BridgeHub with fake frames, fake data and a manual clock; cleaned up after each test. */
export function setup(limits: Partial<HostLimits> = {}, more: Partial<BridgeHubOptions> = {}) {
  const data = new FakeModuleData();
  const clock = new ManualClock(0);
  const frames = new FakeFrames();
  const states: ModuleState[] = [];
  let ids = 0;
  const hub = new BridgeHub({
    data,
    kind: 'tool',
    getProfile: async () => ({ user: { userName: 'ana' }, overlays: { tool: 'secret' } }) as never,
    createFrame: frames.create,
    limits: { ...HOST_LIMITS, ...limits },
    clock,
    random: () => 1,
    randomId: () => `instance-${++ids}`,
    createChannel: () => new MessageChannel(),
    ...more,
  });
  hub.onState((state) => states.push(state));
  hubs.push(hub);
  /** Sends a hello from the current frame of `id` and returns the port of the welcome, if any. */
  const hello = (id: string, session = 'session-1', overrides: object = {}) => {
    const frame = frames.live(id)[0]!;
    let welcome: { message: Welcome; port: MessagePort } | undefined;
    const message = { v: 1, k: 'hello', instance: frame.instance, session, ...overrides };
    hub.handleWindowMessage(frame.window, message, (w, port) => {
      welcome = { message: w, port };
      ports.push(port);
    });
    return welcome;
  };
  return { data, clock, frames, states, hub, hello };
}

afterEach(() => {
  for (const hub of hubs.splice(0)) hub.destroy();
  for (const port of ports.splice(0)) port.close();
});
