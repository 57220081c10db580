import type { Kind } from '../src/api/index.ts';
import { HOST_LIMITS } from '../src/host/index.ts';
import { createApiApp, DEMO_TOKENS, type RunningApiServer, startApiServer } from '../src/server/index.ts';
import { expect, test as base } from './fixtures.ts';
import { solidPng } from './support/mediaFiles.ts';
import { StudioPage } from './support/StudioPage.ts';

interface DevApi {
  /** The test's own API server, with the developer routes on for the studio's origin (as `npm run dev` serves it). */
  server: RunningApiServer;
  /** The seed's first user. */
  userId: string;
}

const test = base.extend<{ devApi: DevApi; studio: StudioPage }>({
  devApi: async ({ seed, baseURL }, use) => {
    const server = await startApiServer({
      seed: structuredClone(seed),
      store: 'memory',
      wrap: (app) => createApiApp({ ...app, devRoutes: true, devOrigins: [new URL(baseURL!).origin] }),
    });
    await use({ server, userId: seed.users[0]!.profile.user.userId });
    await server.close();
  },
  studio: async ({ page }, use) => {
    await use(new StudioPage(page));
  },
});

const COUNTER = 'demo.tool.counter';
const STREAMINFO = 'demo.tool.streaminfo';
const GOAL = 'demo.tool.goal';
const RECENT = 'demo.tool.recent';

/** Opens the studio on the user's overlay of `kind`, pointed at the test's API. */
async function openStudio(studio: StudioPage, { server, userId }: DevApi, kind: Kind = 'tool'): Promise<void> {
  const profile = (await server.registry.profile(userId))!;
  await studio.open(profile.overlays[kind], server.url);
}

/** A stored value of the user's tool overlay, straight from the server's store. */
async function stored({ server, userId }: DevApi, moduleId: string, name: string): Promise<unknown> {
  const json = await server.store.get({ userId, kind: 'tool', moduleId, name });
  return json === undefined ? undefined : JSON.parse(json);
}

test('the stage runs the selected modules and the list shows their states', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  for (const id of [COUNTER, STREAMINFO, GOAL]) {
    await studio.expectModuleState(id, 'ready');
    await expect(studio.stage.locator(`iframe[data-module-id="${id}"]`)).toBeVisible();
  }
  await expect(studio.module(COUNTER).getByTestId('count')).toHaveText('0');
  await studio.bringToFront(COUNTER);
  // Above the others, whatever the stacking of the selection gave it.
  const stacking = () =>
    studio.stage.locator('iframe[data-module-id]').evaluateAll((frames) => frames.map((frame) => [frame.dataset.moduleId, Number(getComputedStyle(frame).zIndex)] as const));
  await expect.poll(async () => {
    const levels = new Map(await stacking());
    return [...levels].every(([id, level]) => id === COUNTER || level < levels.get(COUNTER)!);
  }).toBe(true);
  const box = await studio.stage.boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 2);
});

test('a hung module is restarted, and the list shows its restarts and last error', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  await studio.editProfile({ select: ['test.hostile.hang'] });
  const hang = studio.moduleEntry('test.hostile.hang');
  // The host counts a module as hung after three missed heartbeats (5 s apart).
  await expect(hang.getByTestId('module-error')).toContainText(/.+/, { timeout: 30_000 });
  await expect(hang).toContainText(/\d+ restarts?/);
  await studio.expectModuleState(COUNTER, 'ready');
});

test("the problems list the connections a module's page refused, naming its manifest", async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  await studio.editProfile({ select: ['test.hostile.connect'] });
  await studio.expectModuleState('test.hostile.connect', 'ready');
  const problems = studio.page.getByTestId('studio-problems');
  await expect(problems).toContainText('test.hostile.connect was refused https://undeclared.example (connect-src)');
  await expect(problems).toContainText(`test.hostile.connect was refused ${new URL(devApi.server.url).origin} (connect-src)`);
  await expect(problems).toContainText('"connect" of its module.json');
});

test('a module that never connects is restarted with backoff, then marked crashed; the page goes on', async ({ studio, devApi, page }) => {
  // Ten failures with a growing backoff take minutes: the page's clock runs them in a moment. The other
  // modules sit out meanwhile, as their real answers to the heartbeats could not keep up with that clock.
  await page.clock.install();
  await openStudio(studio, devApi);
  await studio.editProfile({ select: ['test.hostile.silent'], unselect: [COUNTER, STREAMINFO, GOAL, RECENT] });
  const silent = studio.moduleEntry('test.hostile.silent');
  await studio.expectModuleState('test.hostile.silent', 'connecting');
  const { helloTimeoutMs, maxRestarts, restartMaxMs } = HOST_LIMITS;
  await page.clock.runFor(maxRestarts * (helloTimeoutMs + restartMaxMs));
  await studio.expectModuleState('test.hostile.silent', 'crashed');
  await expect(silent.getByTestId('module-error')).toContainText(`no hello within ${helloTimeoutMs} ms`);
  await expect(silent).toContainText(`${maxRestarts} restarts`);
  // It stays down: no frame of it comes back.
  await page.clock.runFor(restartMaxMs * 2);
  await studio.expectModuleState('test.hostile.silent', 'crashed');
  await studio.editProfile({ select: [COUNTER] });
  await studio.expectModuleState(COUNTER, 'ready');
  await studio.clickInModule(COUNTER, 'increment');
  await expect.poll(() => stored(devApi, COUNTER, 'count')).toBe(1);
});

test('the inspector shows what a module wrote, and an edit reaches the module and the server', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  const counter = studio.module(COUNTER);
  await studio.clickInModule(COUNTER, 'increment');
  await studio.clickInModule(COUNTER, 'increment');
  await expect(studio.dbValue(COUNTER, 'count')).toHaveValue('2');
  await expect(studio.dbRow(COUNTER, 'count')).toHaveAttribute('data-state', 'saved');
  await studio.editValue(COUNTER, 'count', '42');
  await expect(counter.getByTestId('count')).toHaveText('42');
  await expect.poll(() => stored(devApi, COUNTER, 'count')).toBe(42);
  await studio.addKey(COUNTER, 'label', '"Deaths"');
  await expect(counter.getByTestId('label')).toHaveText('Deaths');
  await expect(studio.dbRow(COUNTER, 'label')).toHaveAttribute('data-state', 'saved');
});

test('the inspector shows values written elsewhere and refuses text that is not JSON', async ({ studio, devApi }) => {
  await devApi.server.store.set({ userId: devApi.userId, kind: 'tool', moduleId: GOAL, name: 'goal' }, '250');
  await openStudio(studio, devApi);
  await expect(studio.dbValue(GOAL, 'goal')).toHaveValue('250');
  await studio.editValue(GOAL, 'goal', 'not json');
  await expect(studio.page.getByTestId('db-edit-error')).toContainText('not JSON');
});

test('the profile editor reaches the modules at once', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  const info = studio.module(STREAMINFO);
  await expect(info.getByTestId('live')).toHaveText('Live');
  await studio.editProfile({ title: 'Speedrun night', viewers: 4242 });
  await expect(info.getByTestId('title')).toHaveText('Speedrun night');
  await expect(info.getByTestId('viewers')).toHaveText('4,242');
  await studio.editProfile({ live: false, unselect: [GOAL] });
  await expect(info.getByTestId('live')).toHaveText('Offline');
  await expect(studio.moduleEntry(GOAL)).toHaveCount(0);
  await expect(studio.stage.locator(`iframe[data-module-id="${GOAL}"]`)).toHaveCount(0);
  const saved = (await devApi.server.registry.profile(devApi.userId))!;
  expect(saved.twitch.stream).toMatchObject({ status: 'offline', title: 'Speedrun night', viewer: 4242 });
  expect(saved.selected.tools).toEqual([COUNTER, STREAMINFO, 'demo.tool.recent']);
});

test('the network switch holds writes as pending, and they flush when it is back on', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  await expect(studio.module(COUNTER).getByTestId('increment')).toBeEnabled();
  await studio.setNetwork(false);
  await studio.clickInModule(COUNTER, 'increment');
  await studio.addKey(COUNTER, 'label', '"Offline label"');
  await expect(studio.pending).toHaveText('2');
  await expect(studio.dbRow(COUNTER, 'count')).toHaveAttribute('data-state', 'pending');
  await expect(studio.dbRow(COUNTER, 'label')).toHaveAttribute('data-state', 'pending');
  expect(await stored(devApi, COUNTER, 'count')).toBeUndefined();
  await studio.setNetwork(true);
  await expect(studio.pending).toHaveText('0');
  await expect(studio.dbRow(COUNTER, 'count')).toHaveAttribute('data-state', 'saved');
  expect(await stored(devApi, COUNTER, 'count')).toBe(1);
  expect(await stored(devApi, COUNTER, 'label')).toBe('Offline label');
});

test('the kind picker opens another overlay; visible and hidden reach its modules', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  await studio.pickKind('background');
  const aurora = studio.module('demo.background.aurora');
  await studio.expectModuleState('demo.background.aurora', 'ready');
  await studio.send('hidden');
  await expect(aurora.getByTestId('aurora')).toHaveAttribute('data-state', 'paused');
  await studio.send('visible');
  await expect(aurora.getByTestId('aurora')).toHaveAttribute('data-state', 'running');
});

test('the traffic log lists each bridge call with its key and result, per module', async ({ studio, devApi }) => {
  await openStudio(studio, devApi);
  await studio.clickInModule(COUNTER, 'increment');
  const setRow = studio.trafficRows(COUNTER).filter({ hasText: 'db.set' }).first();
  await expect(setRow).toContainText('count');
  await expect(setRow).toHaveAttribute('data-ok', 'true');
  await expect(studio.trafficRows(GOAL).first()).toBeVisible();
  await studio.filterTraffic(COUNTER);
  await expect(studio.trafficRows(GOAL)).toHaveCount(0);
  await expect(studio.trafficRows(COUNTER).first()).toBeVisible();
});

test('without an address the studio asks for an overlay id', async ({ studio, devApi, page }) => {
  await page.goto('/studio');
  const form = page.getByRole('form', { name: 'Overlay to open' });
  await expect(form).toBeVisible();
  const profile = (await devApi.server.registry.profile(devApi.userId))!;
  await form.getByRole('textbox', { name: 'Overlay id' }).fill(profile.overlays.tool);
  await form.getByRole('textbox', { name: 'API' }).fill(devApi.server.url);
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('studio-phase')).toContainText('running');
  await expect(studio.moduleEntry(COUNTER)).toBeVisible();
});

test('the settings form of the dock shows for the module on top of the stage, and reaches it', async ({ studio, devApi, page }) => {
  await openStudio(studio, devApi);
  await studio.expectModuleState(GOAL, 'ready');
  await studio.bringToFront(GOAL);
  const settings = page.getByTestId('stage-settings');
  await expect(settings.getByRole('heading')).toContainText('Goal bar');
  await settings.getByLabel('Goal title', { exact: true }).fill('Sub goal from the studio');
  await expect(studio.module(GOAL).getByTestId('goal-title')).toHaveText('Sub goal from the studio');
  await expect.poll(() => stored(devApi, GOAL, 'title')).toBe('Sub goal from the studio');
  await settings.getByLabel('Target', { exact: true }).fill('0');
  await expect(settings.getByLabel('Target', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the test buttons beside the stage send events that the modules on stage hear', async ({ studio, devApi }) => {
  await openStudio(studio, devApi, 'event');
  await studio.expectModuleState('demo.event.alerts', 'ready');
  const buttons = studio.page.getByTestId('stage-events');
  await buttons.getByLabel('User name').fill('StageRaider');
  await buttons.getByLabel('Amount').fill('31');
  await buttons.getByRole('button', { name: 'Test raid', exact: true }).click();
  await expect(studio.module('demo.event.alerts').getByTestId('alert-who')).toHaveText('StageRaider');
  await expect(studio.module('demo.event.alerts').getByTestId('alert-detail')).toHaveText('with 31 viewers');
  await expect(studio.module('demo.event.alerts').getByTestId('alert-test')).toBeVisible();
});

test('the alert queue panel shows what the page\'s queue shows and how many wait', async ({ studio, devApi, page }) => {
  await openStudio(studio, devApi, 'event');
  const queue = page.getByTestId('alert-queue');
  await expect(queue.getByTestId('alert-queue-showing')).toHaveText('nothing');
  await expect(queue.getByTestId('alert-queue-paused')).toHaveText('no');
  await page.getByTestId('stage-events').getByRole('button', { name: 'Test raid', exact: true }).click();
  await page.getByTestId('stage-events').getByRole('button', { name: 'Test follow', exact: true }).click();
  await expect(queue.getByTestId('alert-queue-showing')).toContainText('channel.raid');
  await expect(queue.getByTestId('alert-queue-showing')).toContainText('(test)');
  await expect(queue.getByTestId('alert-queue-waiting')).toHaveText('1');
  await expect(queue.getByTestId('alert-queue-muted')).toHaveText('no');
});

test("a media setting's picker lists the streamer's library, and a picked file is stored as its id", async ({ studio, devApi, page }) => {
  const upload = await fetch(`${devApi.server.url}/me/media?name=confetti.png`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_TOKENS.website}`, 'Content-Type': 'image/png' },
    body: new Uint8Array(solidPng(4, 4)),
  });
  expect(upload.status).toBe(201);
  await openStudio(studio, devApi, 'event');
  await studio.expectModuleState('demo.event.alerts', 'ready');
  const settings = page.getByTestId('stage-settings');
  const follows = settings.getByRole('group', { name: 'Follows', exact: true });
  await follows.locator('summary').click();
  const picker = settings.getByLabel('Follow image', { exact: true });
  await expect(picker.locator('option')).toHaveText(['None', 'confetti.png']);
  await picker.selectOption({ label: 'confetti.png' });
  const { id } = (await upload.json()) as { id: string };
  await expect.poll(async () => devApi.server.store.get({ userId: devApi.userId, kind: 'event', moduleId: 'demo.event.alerts', name: 'followImage' })).toBe(JSON.stringify(id));
  // The overlay token the studio runs with lists the library; files are added on the home page.
  await expect(settings.getByLabel('Upload Follow image')).toHaveCount(0);
});
