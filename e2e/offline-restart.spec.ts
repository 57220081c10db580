import { ApiTraffic } from './support/ApiTraffic.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { KeysModule } from './support/KeysModule.ts';
import { expect, expectedValues, storedValues, test } from './support/offlineFixtures.ts';
import { OverlayPage } from './support/OverlayPage.ts';
import { PersistentBrowser } from './support/PersistentBrowser.ts';

const COUNTER = 'demo.tool.counter';
// The counter's frame lies on top (it gets real clicks); KeysModule dispatches its own.
const MODULES = [KeysModule.id, COUNTER];

const persistentTest = test.extend<{ browserWithProfile: PersistentBrowser }>({
  browserWithProfile: async ({ baseURL }, use, testInfo) => {
    const browser = new PersistentBrowser(testInfo.outputPath('chromium-profile'), baseURL!);
    await use(browser);
    await browser.close();
  },
});

for (const ending of ['quit', 'killed'] as const) {
  persistentTest(`a browser ${ending} with writes pending sends them once it is started again on the same profile`, async ({ api, browserWithProfile }) => {
    const firstRun = await browserWithProfile.start();
    const page = firstRun.pages()[0] ?? (await firstRun.newPage());
    const overlay = new OverlayPage(page, api);
    await overlay.open({ modules: MODULES });
    await overlay.module(COUNTER).getByTestId('increment').click();
    await new KeysModule(overlay.module(KeysModule.id)).writeRound();
    await expect.poll(() => storedValues(api)).toEqual(expectedValues(1, 1));

    await api.stop();
    await overlay.module(COUNTER).getByTestId('increment').click();
    await overlay.module(COUNTER).getByTestId('increment').click();
    await new KeysModule(overlay.module(KeysModule.id)).writeRound();
    // The round's db.set calls resolved, so they are in IndexedDB, and so are the counter's writes made
    // before them (read-write transactions on one store commit in order).
    await new DebugPanel(page).expectSync('offline', 5);
    if (ending === 'quit') await browserWithProfile.close();
    else await browserWithProfile.kill();

    await api.start();
    const secondRun = await browserWithProfile.start();
    const traffic = new ApiTraffic(secondRun, api.url);
    const reopened = new OverlayPage(secondRun.pages()[0] ?? (await secondRun.newPage()), api);
    await reopened.open({ modules: MODULES });
    await expect.poll(() => storedValues(api)).toEqual(expectedValues(3, 2));
    await new DebugPanel(reopened.page).expectSync('online', 0);
    // Each pending write sent once, in the order first written.
    expect((await traffic.settledWrites(5)).map(({ key, value, outcome }) => [key, value, outcome])).toEqual([
      ['count', 3, 200],
      ['a', 2, 200],
      ['b', 2, 200],
      ['c', 2, 200],
      ['d', 2, 200],
    ]);
    await expect(reopened.module(COUNTER).getByTestId('count')).toHaveText('3');
  });
}
