import type { Profile } from '../src/api/index.ts';
import { createApiApp, startApiServer } from '../src/server/index.ts';
import { expect, test } from './fixtures.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { ModuleFrame } from './support/ModuleFrame.ts';

const COUNTER = 'demo.tool.counter';
const GOAL = 'demo.tool.goal';

// The news of a profile change goes out with the write, whoever makes it: here the studio's developer route.
test('a running overlay hears a profile change made through PUT /dev/profile live, long before its 30 s refresh', async ({ page, seed }) => {
  const server = await startApiServer({
    seed: structuredClone(seed),
    store: 'memory',
    wrap: (app) => createApiApp({ ...app, devRoutes: true }),
  });
  try {
    const user = seed.users[0]!;
    const website = user.tokens.find((token) => token.context === 'website')!.token;
    const write = async (tools: string[]) => {
      const current = (await server.registry.profile(user.profile.user.userId)) as Profile;
      const response = await fetch(`${server.url}/dev/profile`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${website}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...current, selected: { ...current.selected, tools } }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await write([COUNTER]);
    await page.goto(`/?${new URLSearchParams({ overlay: user.profile.overlays.tool, api: server.url, debug: '1' })}`);
    await new ModuleFrame(page, COUNTER).waitUntilReady();
    // News reaches a page whose live socket is up: a change made before that is read at the next refresh.
    await expect(new DebugPanel(page).live).toHaveText('live');
    await write([COUNTER, GOAL]);
    await expect(new ModuleFrame(page, GOAL).iframe).toHaveCount(1);
  } finally {
    await server.close();
  }
});
