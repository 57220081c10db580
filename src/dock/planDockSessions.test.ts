import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../client/index.ts';
import { sampleProfile } from '../api/testing/sampleProfile.ts';

const DEMO_PROFILE = sampleProfile();
import { planDockSessions } from './planDockSessions.ts';

const base = { apiBase: 'https://api.example', debug: false };

function client(context: 'overlay' | 'website') {
  const calls: string[] = [];
  const api = {
    setToken: (token: string) => calls.push(`token ${token}`),
    validate: async () => {
      calls.push('validate');
      return { context, overlay: context === 'overlay' ? 'event' : undefined, userId: '1', userName: 'ana', expiresAt: null };
    },
    me: async () => {
      calls.push('me');
      return structuredClone(DEMO_PROFILE);
    },
  } as unknown as ApiClient;
  return { api, calls };
}

describe('planDockSessions', () => {
  it('opens every kind of the profile by its overlay id for a website token', async () => {
    const { api, calls } = client('website');
    const plans = await planDockSessions(api, { ...base, auth: { token: 'site' } });
    expect(plans.map((plan) => plan.auth)).toEqual([
      { overlay: DEMO_PROFILE.overlays.game },
      { overlay: DEMO_PROFILE.overlays.tool },
      { overlay: DEMO_PROFILE.overlays.background },
      { overlay: DEMO_PROFILE.overlays.event },
    ]);
    expect(calls).toEqual(['token site', 'validate', 'me']);
  });

  it('opens the one kind of an overlay token, asking the API which', async () => {
    const { api } = client('overlay');
    const plans = await planDockSessions(api, { ...base, auth: { token: 'ev' } });
    expect(plans).toEqual([{ ...base, auth: { token: 'ev', kind: 'event' } }]);
  });

  it('opens an overlay id as it is, without a call', async () => {
    const { api, calls } = client('website');
    expect(await planDockSessions(api, { ...base, auth: { overlay: 'ov-1' } })).toEqual([{ ...base, auth: { overlay: 'ov-1' } }]);
    expect(calls).toEqual([]);
  });
});
