import { describe, expect, it } from 'vitest';
import type * as Api from '../api/index.ts';
import type * as Sdk from './overlay.d.ts';

// overlay.d.ts must stay self-contained (it ships as /sdk.d.ts), so it restates
// types of src/api; these compile-time checks keep the two equal.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const checks: true[] = [
  true satisfies Same<Sdk.Json, Api.Json>,
  true satisfies Same<Sdk.Kind, Api.Kind>,
  true satisfies Same<Sdk.ErrorCode, Api.ErrorCode>,
  true satisfies Same<Sdk.PublicProfile, Api.PublicProfile>,
  true satisfies Same<Sdk.ReadyInfo, Api.ReadyInfo>,
  true satisfies Same<Sdk.ModuleContext, Api.ModuleContext>,
  true satisfies Same<Sdk.ChangeEvent, Api.ChangeEvent>,
  true satisfies Same<Sdk.StatusEvent, Api.StatusEvent>,
  true satisfies Same<Sdk.LiveStatus, Api.LiveStatus>,
  // `alert` has an overload of its own (its listener's return counts); `alertAbort` reaches the module as `alert.signal`.
  true satisfies Same<keyof Sdk.OverlayEvents, Exclude<Api.BridgeEventName, 'alert' | 'alertAbort'>>,
  true satisfies Same<Sdk.AlertsSwitches, Api.AlertsSwitches>,
  true satisfies Same<Sdk.ModuleBox, Api.Box>,
];

describe('overlay.d.ts', () => {
  it('matches the types of src/api (checked by tsc)', () => {
    expect(checks).toHaveLength(12);
  });
});
