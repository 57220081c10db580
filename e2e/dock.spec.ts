import { expect, test } from './fixtures.ts';
import { SettingsProbe } from './support/SettingsProbe.ts';

// The dock in one browser context, the overlay in another (like an OBS dock and a browser
// source, or a phone and OBS): what crosses between them goes through the API and live sync.
const ID = 'test.dock.settings';
const DEFAULTS = { title: 'Hello', target: 10, tint: '#112233', mode: 'calm', level: 50, shown: true };

test('a website token shows every kind, a section per selected module with its name, settings and panel', async ({ dock, api }) => {
  await api.selectModules('tool', ['demo.tool.goal', 'demo.tool.counter']);
  await dock.open(['demo.tool.goal', 'demo.tool.counter', 'demo.background.aurora', 'demo.event.alerts', 'demo.game.trivia']);
  for (const name of ['Goal bar', 'Counter', 'Aurora', 'Alert box', 'Trivia']) {
    await expect(dock.page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(dock.page.getByRole('region', { name: 'Goal bar' }).getByLabel('Goal title')).toHaveValue('Goal');
  await expect(dock.setting('Palette')).toHaveValue('aurora');
  await expect(dock.panelFrame('demo.tool.counter')).toHaveAttribute('title', 'Counter controls');
  await expect(dock.panel('demo.tool.counter').getByTestId('panel-increment')).toBeEnabled();
});

test('an overlay token or id opens that kind only, from the query or the fragment', async ({ dock, api }) => {
  await dock.open(['demo.event.alerts'], { auth: 'token', kind: 'event' });
  await expect(dock.page.getByRole('heading', { name: 'Alert box' })).toBeVisible();
  await expect(dock.page.getByRole('heading', { name: 'Goal bar' })).toHaveCount(0);
  await api.selectModules('tool', ['demo.tool.goal']);
  await dock.open(['demo.tool.goal'], { auth: 'overlay', kind: 'tool', fragment: true });
  await expect(dock.page.getByRole('heading', { name: 'Goal bar' })).toBeVisible();
  await expect(dock.page.getByRole('heading', { name: 'Alert box' })).toHaveCount(0);
});

test('every setting type written from the dock reaches the module live, and the server as its JSON type', async ({ overlay, dock, api }) => {
  const probe = new SettingsProbe(await overlay.open({ kind: 'tool', modules: [ID] }));
  await expect.poll(() => probe.settings()).toEqual(DEFAULTS);
  await dock.open([ID], { auth: 'overlay' });
  await dock.setting('Title text').fill('Live!');
  await dock.setting('Target number').fill('42');
  await dock.setting('Tint colour').fill('#ff8800');
  await dock.setting('Mode').selectOption('loud');
  await dock.setting('Level').fill('75');
  await dock.setting('Shown').uncheck();
  await expect(dock.module(ID).getByText('75', { exact: true })).toBeVisible(); // the range shows its value
  const written = { title: 'Live!', target: 42, tint: '#ff8800', mode: 'loud', level: 75, shown: false };
  await expect.poll(() => probe.lastValues()).toEqual(written);
  expect(new Set((await probe.changes()).map((change) => change.from))).toEqual(new Set(['dock']));
  await expect.poll(() => probe.settings()).toEqual(written);
  for (const [key, value] of Object.entries(written)) await expect.poll(() => api.get(ID, key)).toStrictEqual(value);
});

test('Overlay.settings() merges stored values with the defaults; a stored value the setting refuses reads as the default', async ({ overlay, dock, api }) => {
  await api.set(ID, 'title', 'Stored');
  await api.set(ID, 'mode', 'off');
  await api.set(ID, 'target', 9999); // above max 500
  await api.set(ID, 'shown', 'yes'); // not a boolean
  const probe = new SettingsProbe(await overlay.open({ kind: 'tool', modules: [ID] }));
  await expect.poll(() => probe.settings()).toEqual({ ...DEFAULTS, title: 'Stored', mode: 'off' });
  await dock.open([ID], { auth: 'overlay' });
  await expect(dock.setting('Title text')).toHaveValue('Stored');
  await expect(dock.setting('Target number')).toHaveValue('10');
  await expect(dock.setting('Shown')).toBeChecked();
});

test('a refused value is marked, explained beside the control, and never written', async ({ overlay, dock, api }) => {
  const probe = new SettingsProbe(await overlay.open({ kind: 'tool', modules: [ID] }));
  await dock.open([ID], { auth: 'overlay' });
  const target = dock.setting('Target number');
  await target.fill('501');
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(dock.module(ID).locator('.setting', { has: target }).getByRole('alert')).toHaveText('Not saved: must be at most 500.');
  const title = dock.setting('Title text');
  await title.fill('x'.repeat(21));
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(dock.module(ID).locator('.setting', { has: title }).getByRole('alert')).toHaveText('Not saved: must be at most 20 characters.');
  // A write after the refused ones: once the module hears it, it would have heard them too.
  await dock.setting('Mode').selectOption('off');
  await probe.arrivalOf('off');
  expect((await probe.changes()).map((change) => change.key)).toEqual(['mode']);
  expect(await api.get(ID, 'target')).toBeUndefined();
  expect(await api.get(ID, 'title')).toBeUndefined();
  await target.fill('499');
  await expect(target).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => api.get(ID, 'target')).toBe(499);
});

test('a change made in the overlay shows in the dock at once, but not over a control being edited', async ({ overlay, dock, api }) => {
  const module = await overlay.open({ kind: 'tool', modules: [ID] });
  await dock.open([ID], { auth: 'overlay' });
  await module.getByTestId('write-title').click();
  await expect(dock.setting('Title text')).toHaveValue('From overlay');
  const target = dock.setting('Target number');
  await target.fill('7'); // the control keeps the focus: the person is editing it
  await expect.poll(() => api.get(ID, 'target')).toBe(7);
  await api.set(ID, 'target', 8);
  await api.set(ID, 'title', 'After'); // live changes arrive in the server's order: once this shows, 8 has arrived
  await expect(dock.setting('Title text')).toHaveValue('After');
  await expect(target).toHaveValue('7');
  await target.blur();
  await expect(target).toHaveValue('8');
});

test('reset to default writes the default', async ({ overlay, dock, api }) => {
  await api.set(ID, 'mode', 'loud');
  const probe = new SettingsProbe(await overlay.open({ kind: 'tool', modules: [ID] }));
  await dock.open([ID], { auth: 'overlay' });
  await expect(dock.setting('Mode')).toHaveValue('loud');
  await dock.resetButton('Mode').click();
  await expect(dock.setting('Mode')).toHaveValue('calm');
  await probe.arrivalOf('calm');
  await expect.poll(() => api.get(ID, 'mode')).toBe('calm');
});

test('a dock that goes offline keeps its changes, says so, and delivers them once back', async ({ overlay, dock, dockNetwork, api }) => {
  const probe = new SettingsProbe(await overlay.open({ kind: 'tool', modules: [ID] }));
  await dock.open([ID], { auth: 'overlay' });
  await dockNetwork.offline();
  await dock.setting('Mode').selectOption('off');
  await dock.setting('Target number').fill('77');
  await expect(dock.status(ID)).toHaveAttribute('data-state', 'offline');
  await expect(dock.status(ID)).toContainText('2 changes kept');
  expect(await api.get(ID, 'mode')).toBeUndefined();
  await dockNetwork.online();
  await expect.poll(() => api.get(ID, 'target'), { timeout: 30_000 }).toBe(77);
  expect(await api.get(ID, 'mode')).toBe('off');
  await expect.poll(() => probe.lastValues()).toEqual({ mode: 'off', target: 77 });
  await expect(dock.status(ID)).toHaveAttribute('data-state', 'saved');
});

test('the panel frame is sandboxed without allow-same-origin, runs as the module, hears context panel and never sees the token', async ({ overlay, dock, api }) => {
  const module = await overlay.open({ kind: 'tool', modules: [ID] });
  await expect(module.getByTestId('context')).toHaveText('overlay');
  await dock.open([ID]);
  const frame = dock.panelFrame(ID);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(frame).toHaveAttribute('title', 'Test: every setting type controls');
  const panel = dock.panel(ID);
  await expect(panel.getByTestId('panel-context')).toHaveText('panel');
  await expect(panel.getByTestId('panel-seen')).not.toBeEmpty();
  const seen = (await panel.getByTestId('panel-seen').textContent()) ?? '';
  expect(JSON.parse(seen).origin).toBe('null');
  for (const secret of [...Object.values(api.tokens), ...Object.values(api.profile.overlays)]) expect(seen).not.toContain(secret);
  await panel.getByTestId('panel-write').click();
  await expect(panel.getByTestId('panel-result')).toHaveText('wrote, read back hi');
  await expect.poll(() => api.get(ID, 'fromPanel')).toBe('hi');
  const probe = new SettingsProbe(module);
  await probe.arrivalOf('hi');
  expect((await probe.changes()).at(-1)).toMatchObject({ key: 'fromPanel', from: ID });
});
