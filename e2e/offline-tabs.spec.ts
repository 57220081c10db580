import { DebugPanel } from './support/DebugPanel.ts';
import { KeysModule } from './support/KeysModule.ts';
import { expect, expectedValues, storedValues, test } from './support/offlineFixtures.ts';
import { OverlayPage } from './support/OverlayPage.ts';

const COUNTER = 'demo.tool.counter';
// The counter's frame lies on top (it gets real clicks); KeysModule dispatches its own.
const MODULES = [KeysModule.id, COUNTER];

test('two tabs of one overlay: only one sends the queue, the other takes over when it closes', async ({ overlay, api, network, traffic, debug, context, page }) => {
  // The first tab to start takes the flusher role (a Web Lock of the origin).
  await overlay.open({ modules: MODULES });
  const secondPage = await context.newPage();
  const second = new OverlayPage(secondPage, api);
  await second.open({ modules: MODULES });
  const secondDebug = new DebugPanel(secondPage);

  // Writes made in either tab are sent by the first one.
  await second.module(COUNTER).getByTestId('increment').click();
  await new KeysModule(overlay.module(KeysModule.id)).writeRound();
  await expect.poll(() => storedValues(api)).toEqual(expectedValues(1, 1));
  await debug.expectSync('online', 0);
  await secondDebug.expectSync('online', 0);
  // Each tab's modules hear of the other tab's writes.
  await expect(overlay.module(COUNTER).getByTestId('count')).toHaveText('1');
  await expect(new KeysModule(second.module(KeysModule.id)).round).toHaveText('1');
  expect(await traffic.settledWrites(5, page)).toHaveLength(5);
  expect(traffic.writes(secondPage)).toEqual([]);

  // The API cannot be reached; both tabs write; only the first tries to send.
  await network.offline();
  await overlay.module(COUNTER).getByTestId('increment').click();
  await new KeysModule(second.module(KeysModule.id)).writeRound();
  await debug.expectSync('offline', 5);
  await secondDebug.expectSync('offline', 5);
  await expect.poll(() => traffic.writes(page).filter((call) => call.outcome === 'net::ERR_INTERNET_DISCONNECTED').length).toBeGreaterThan(0);
  expect(traffic.writes(secondPage)).toEqual([]);

  // The first tab closes with everything still pending: the second takes over and sends it.
  await page.close();
  await network.online();
  await expect.poll(() => storedValues(api)).toEqual(expectedValues(2, 2));
  await secondDebug.expectSync('online', 0);
  expect(new Set(traffic.writes(secondPage).filter((call) => call.outcome === 200).map((call) => call.key))).toEqual(new Set(['count', 'a', 'b', 'c', 'd']));
  await expect(second.module(COUNTER).getByTestId('count')).toHaveText('2');
});
