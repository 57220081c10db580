import type { Kind } from '../src/api/index.ts';
import { test as base, expect } from './fixtures.ts';
import { ChangeLog } from './support/ChangeLog.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { LiveSockets } from './support/LiveSockets.ts';
import { OverlayPage } from './support/OverlayPage.ts';

/** Every test keeps what the live sockets heard and how they closed, for the report of a failure (taken before the API stops). */
const test = base.extend<{ sockets: LiveSockets }>({
  sockets: [
    async ({ context, api }, use, testInfo) => {
      void api;
      const sockets = await LiveSockets.record(context);
      await use(sockets);
      await sockets.keepOnFailure(testInfo);
    },
    { auto: true },
  ],
});

const COUNTER = 'demo.tool.counter';
const WRITER = 'test.writer';

test('an outside PATCH shows in the running overlay, heard once, and db.get returns it', async ({ overlay, api, page }) => {
  const counter = await overlay.open({ modules: [COUNTER] });
  await expect(new DebugPanel(page).live).toHaveText('live');
  const log = await ChangeLog.attach(counter);

  await api.set(COUNTER, 'count', 7);
  await expect(counter.getByTestId('count')).toHaveText('7');
  expect(await log.changes()).toEqual([{ key: 'count', value: 7, from: COUNTER }]);
  expect(await log.get('count')).toBe(7);

  // Another module's write through the API, addressed as `other:name`.
  await api.set('dashboard.remote', `${COUNTER}:label`, 'From the dashboard');
  await expect(counter.getByTestId('label')).toHaveText('From the dashboard');
  await expect.poll(() => log.changes()).toEqual([
    { key: 'count', value: 7, from: COUNTER },
    { key: 'label', value: 'From the dashboard', from: 'dashboard.remote' },
  ]);

  // Modules see the live state in their status events (one follows the module's own write).
  await counter.getByTestId('increment').click();
  await expect.poll(() => log.liveState()).toBe('live');
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(8);
  expect(await log.values('count')).toEqual([7]);
});

test('writes made in the page are heard once by the other modules and never by the writing frame', async ({ overlay, api, page }) => {
  await overlay.open({ modules: [COUNTER, WRITER] });
  await expect(new DebugPanel(page).live).toHaveText('live');
  const counter = await ChangeLog.attach(overlay.module(COUNTER));
  const writer = await ChangeLog.attach(overlay.module(WRITER));

  await overlay.module(WRITER).getByTestId('write').dispatchEvent('click');
  await expect(overlay.module(COUNTER).getByTestId('count')).toHaveText('42');
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(42);
  await counter.set('count', 43);
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(43);
  // A write from outside after them: once it is heard, every echo of the page's own writes would have been too.
  await api.set('outside.writer', `${COUNTER}:count`, 50);
  await expect(overlay.module(COUNTER).getByTestId('count')).toHaveText('50');
  expect(await counter.changes()).toEqual([
    { key: 'count', value: 42, from: WRITER },
    { key: 'count', value: 50, from: 'outside.writer' },
  ]);
  expect(await writer.changes()).toEqual([]);
});

test('a write in one browser shows in an overlay in another browser', async ({ overlay, api, page, browser, sockets }) => {
  const shown = await overlay.open({ modules: [COUNTER] });
  await expect(new DebugPanel(page).live).toHaveText('live');
  const log = await ChangeLog.attach(shown);

  const other = await browser.newContext();
  await sockets.add(other);
  const dashboard = new OverlayPage(await other.newPage(), api);
  const remote = await dashboard.open({ modules: [COUNTER] });
  await expect(new DebugPanel(dashboard.page).live).toHaveText('live');
  for (const count of [1, 2]) {
    await remote.getByTestId('increment').click();
    // Writes of a key that wait together are coalesced (docs/write-queue.md): each lands before the next click.
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(count);
  }
  await expect(shown.getByTestId('count')).toHaveText('2');
  await expect.poll(() => log.values('count')).toEqual([1, 2]);
  await other.close();
});

test('one live connection per kind for all the tabs of a browser, and every tab still writes', async ({ api, context }) => {
  const sockets = new LiveSockets(context);
  const kinds: Kind[] = ['game', 'tool', 'background', 'event'];
  const pages: { kind: Kind; overlay: OverlayPage }[] = [];
  for (const kind of [...kinds, 'tool' as const]) {
    const overlay = new OverlayPage(await context.newPage(), api);
    // The seeded token in the address, so each socket's auth message names its kind.
    await overlay.open({ kind, auth: 'token' });
    await expect(new DebugPanel(overlay.page).live).toHaveText('live');
    pages.push({ kind, overlay });
  }
  for (const kind of kinds) expect(sockets.openWith(api.tokens[kind]), kind).toBe(1);
  expect(sockets.open).toBe(4);

  for (const [i, { kind, overlay }] of pages.entries()) {
    const first = overlay.module(selectedModule(api.profile.selected, kind));
    const log = await ChangeLog.attach(first);
    await log.set('live-check', i);
    await expect.poll(() => api.get(first.id, 'live-check', kind)).toBe(i);
  }
});

function selectedModule(selected: { tools: string[]; game: string; background: string; event: string }, kind: Kind): string {
  return kind === 'tool' ? selected.tools[0]! : selected[kind];
}
