export { OverlayModel } from './OverlayModel.ts';
export { createOverlayServices } from './createOverlayServices.ts';
export { isolateModuleSites } from './isolateModuleSites.ts';
export { obtainToken } from './obtainToken.ts';
export { parseOverlayParams } from './parseOverlayParams.ts';
export type { OverlayAuth, OverlayParams } from './parseOverlayParams.ts';
export { PROFILE_REFRESH_MS, startOverlay } from './startOverlay.ts';
export type { OverlayController } from './startOverlay.ts';
