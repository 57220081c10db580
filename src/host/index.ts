export type { HostEventName } from './BridgeHub.ts';
export { BridgeHub, type BridgeHubOptions } from './BridgeHub.ts';
export { monotonicClock } from './monotonicClock.ts';
export { createModuleHost, type ModuleHost, type ModuleHostOptions } from './createModuleHost.ts';
export { createModuleIframe } from './createModuleIframe.ts';
export { HOST_LIMITS, type HostLimits } from './HostLimits.ts';
export type { FrameFactory, ModuleFrame } from './ModuleFrame.ts';
export type { ModulePhase, ModuleState } from './ModuleState.ts';
export type { TrafficRecord } from './TrafficRecord.ts';
