// The door of src/sdk for Node code (the Vite plugin, tests). Browser builds
// start at classic.ts and esm.ts; this file never loads the SDK itself.
export { bundleSdk, type SdkFiles } from './bundleSdk.ts';
export { type BridgeClientOptions, BridgeClient } from './BridgeClient.ts';
export { createOverlay, type OverlayOptions } from './createOverlay.ts';
export type {
  ChangeEvent,
  ErrorCode,
  Json,
  Kind,
  ModuleContext,
  OverlayApi,
  OverlayError,
  OverlayEvents,
  PublicProfile,
  ReadyInfo,
  StatusEvent,
} from './overlay.d.ts';
