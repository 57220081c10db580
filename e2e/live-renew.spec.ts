import { expect, test } from './fixtures.ts';
import { ChangeLog } from './support/ChangeLog.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { heardEvents } from './support/EventLog.ts';

const COUNTER = 'demo.tool.counter';
const EVENTS = 'test.events.one';

// A page opened by overlay id whose modules only listen makes no HTTP call after its start: the
// live socket's 4401 is its only sign that an API restart forgot the token it exchanged.
test('a listening overlay renews its exchanged token after an API restart and hears events and changes again', async ({ overlay, api, page }) => {
  const counter = await overlay.open({ modules: [COUNTER, EVENTS] });
  const debug = new DebugPanel(page);
  await expect(debug.live).toHaveText('live');
  const log = await ChangeLog.attach(counter);

  // Exchanged tokens live in the API process's memory only.
  await api.stop();
  await api.start();
  // Sent while the page has no connection: the new one resumes after its cursor and its last event.
  const posted = await overlay.emitEvent('custom.after-restart', { n: 1 });
  await api.set('outside.writer', `${COUNTER}:count`, 31);
  await expect.poll(async () => (await heardEvents(page, EVENTS)).map((event) => event.id), { timeout: 20_000 }).toContain(posted.id);
  await expect(counter.getByTestId('count')).toHaveText('31');
  await expect(debug.live).toHaveText('live');
  // The restarted server has no change log to replay from the cursor: the page re-read the key (`from` is empty then).
  expect(await log.changes()).toEqual([{ key: 'count', value: 31, from: '' }]);

  // Live again with the new token: the next change comes over the socket, named after its writer.
  await api.set('outside.writer', `${COUNTER}:count`, 32);
  await expect(counter.getByTestId('count')).toHaveText('32');
  expect(await log.changes()).toEqual([
    { key: 'count', value: 31, from: '' },
    { key: 'count', value: 32, from: 'outside.writer' },
  ]);
  await expect(debug.problems).not.toContainText('token');
});
