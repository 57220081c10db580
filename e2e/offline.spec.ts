import { PROFILE_REFRESH_MS } from '../src/runtime/index.ts';
import { KeysModule, REFUSED_KEY } from './support/KeysModule.ts';
import { expect, expectedValues, storedValues, test } from './support/offlineFixtures.ts';

const COUNTER = 'demo.tool.counter';
// Later frames stack on top: the counter's transparent full-stage frame covers
// the keys module, so the counter gets real clicks and KeysModule dispatches its own.
const MODULES = [KeysModule.id, COUNTER];

test.describe('the offline write queue in the overlay page', () => {
  for (const outage of ['the API process stops', 'every request to the API fails'] as const) {
    test(`${outage}: modules keep writing through a reload, and every last value arrives when the API is back`, async ({ overlay, api, network, debug, page }) => {
      const apiDown = outage === 'the API process stops' ? () => api.stop() : () => network.offline();
      const apiBack = outage === 'the API process stops' ? () => api.start() : () => network.online();
      await page.clock.install();
      await overlay.open({ modules: MODULES });
      const counter = overlay.module(COUNTER);
      const keys = new KeysModule(overlay.module(KeysModule.id));
      await counter.getByTestId('increment').click();
      await keys.writeRound();
      await expect.poll(() => storedValues(api)).toEqual(expectedValues(1, 1));
      await debug.expectSync('online', 0);

      await apiDown();
      await counter.getByTestId('increment').click();
      // Each db.set resolves while the API is unreachable: the value is on disk.
      await keys.writeRound();
      await expect(counter.getByTestId('count')).toHaveText('2');
      await debug.expectSync('offline', 5);

      await page.reload();
      await overlay.module(COUNTER).waitUntilReady();
      await expect(debug.profileFromCache).toBeVisible();
      // The modules read their own pending writes back.
      await expect(counter.getByTestId('count')).toHaveText('2');
      await expect(keys.round).toHaveText('2');
      await expect(debug.pending).toHaveText('5');
      await counter.getByTestId('increment').click();
      await keys.writeRound();
      await expect(counter.getByTestId('count')).toHaveText('3');
      // Newer writes replace the pending ones.
      await expect(debug.pending).toHaveText('5');

      await apiBack();
      // A page started without the API has no token: it asks again at its next profile refresh.
      await page.clock.fastForward(PROFILE_REFRESH_MS);
      await expect.poll(() => storedValues(api)).toEqual(expectedValues(3, 3));
      await debug.expectSync('online', 0);
      await expect(debug.profileFromCache).toBeHidden();
    });
  }

  test('a reload in the middle of a flush loses nothing: what was not confirmed is sent again, what was is not', async ({ overlay, api, faults, traffic, debug, page }) => {
    await overlay.open({ modules: MODULES });
    const counter = overlay.module(COUNTER);
    const keys = new KeysModule(overlay.module(KeysModule.id));
    await keys.writeRound();
    await counter.getByTestId('increment').click();
    await expect.poll(() => storedValues(api)).toEqual(expectedValues(1, 1));
    const before = (await traffic.settledWrites(5)).length;

    // The first write of the next flush goes through; the second reaches the server, its answer does not.
    const held = await faults.holdWriteAnswers({ pass: 1 });
    await keys.writeRound();
    await counter.getByTestId('increment').click();
    await expect.poll(() => held.count).toBe(1);
    expect(traffic.writtenKeys().slice(before)).toEqual(['a', 'b']);
    expect(await api.get(KeysModule.id, 'b')).toBe(2);
    await debug.expectSync('online', 4);

    await page.reload();
    await held.release();
    await overlay.module(COUNTER).waitUntilReady();
    await expect.poll(() => storedValues(api)).toEqual(expectedValues(2, 2));
    await debug.expectSync('online', 0);
    // `b` went twice with the same value (its confirmation was lost with the page); `a`, confirmed, did not.
    expect((await traffic.settledWrites(before + 6)).slice(before).map(({ key, value }) => [key, value])).toEqual([
      ['a', 2],
      ['b', 2],
      ['b', 2],
      ['c', 2],
      ['d', 2],
      ['count', 2],
    ]);
    await expect(counter.getByTestId('count')).toHaveText('2');
    await expect(keys.round).toHaveText('2');
  });

  test('an overlay started while the API is down shows its modules from the cache with their last values', async ({ overlay, api, debug, page }) => {
    await page.clock.install();
    await overlay.open({ modules: MODULES });
    const counter = overlay.module(COUNTER);
    const keys = new KeysModule(overlay.module(KeysModule.id));
    await counter.getByTestId('increment').click();
    await counter.getByTestId('increment').click();
    await keys.writeRound();
    await expect.poll(() => storedValues(api)).toEqual(expectedValues(2, 1));
    await debug.expectSync('online', 0);
    const address = overlay.url();
    await page.goto('about:blank');

    await api.stop();
    await page.goto(address);
    await expect(debug.phase).toHaveText('running');
    await expect(debug.profileFromCache).toBeVisible();
    await overlay.expectProblem('API unreachable');
    await overlay.module(COUNTER).waitUntilReady();
    await overlay.module(KeysModule.id).waitUntilReady();
    // The last confirmed values, kept from the previous visit.
    await expect(counter.getByTestId('count')).toHaveText('2');
    await expect(keys.round).toHaveText('1');
    await counter.getByTestId('increment').click();
    await expect(debug.pending).toHaveText('1');

    await api.start();
    await page.clock.fastForward(PROFILE_REFRESH_MS);
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(3);
    await debug.expectSync('online', 0);
    await expect(debug.profileFromCache).toBeHidden();
    await expect(debug.problems).toBeEmpty();
  });

  test('a 401 while flushing pauses the queue and keeps its writes until the page has a new token', async ({ overlay, api, faults, traffic, debug }) => {
    const counter = await overlay.open({ modules: [COUNTER] });
    await counter.getByTestId('increment').click();
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(1);
    const before = { writes: (await traffic.settledWrites(1)).length, exchanges: traffic.exchanges().length };

    // A restarted API has forgotten the tokens it exchanged; the page's next exchange is held back.
    const exchange = await faults.holdExchanges();
    await api.stop();
    await api.start();
    await counter.getByTestId('increment').click();
    await debug.expectSync('auth-required', 1);
    await expect.poll(() => traffic.exchanges().length - before.exchanges).toBe(1);
    await counter.getByTestId('increment').click();
    await expect(counter.getByTestId('count')).toHaveText('3');
    await expect(debug.pending).toHaveText('1');
    // Paused: the refused write was not retried, nothing else was sent.
    expect((await traffic.settledWrites(before.writes + 1)).slice(before.writes).map(({ value, outcome }) => [value, outcome])).toEqual([[2, 401]]);
    expect(await api.get(COUNTER, 'count')).toBe(1);

    await exchange.release();
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(3);
    await debug.expectSync('online', 0);
    expect((await traffic.settledWrites(before.writes + 2)).slice(before.writes).map(({ value, outcome }) => [value, outcome])).toEqual([
      [2, 401],
      [3, 200],
    ]);
  });

  test('a token renewal that fails is tried again at the next profile refresh', async ({ overlay, api, faults, debug, page }) => {
    await page.clock.install();
    const counter = await overlay.open({ modules: [COUNTER] });
    await counter.getByTestId('increment').click();
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(1);

    const exchanges = await faults.failExchanges();
    await api.stop();
    await api.start();
    await counter.getByTestId('increment').click();
    await debug.expectSync('auth-required', 1);
    await overlay.expectProblem('cannot renew the token');

    exchanges.restore();
    await page.clock.fastForward(PROFILE_REFRESH_MS);
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(2);
    await debug.expectSync('online', 0);
    await expect(debug.problems).toBeEmpty();
  });

  test('a fresh token the API refuses as well is not renewed in a loop: the page asks again at its profile refresh', async ({ overlay, api, faults, traffic, debug, page }) => {
    await page.clock.install();
    const counter = await overlay.open({ modules: [COUNTER] });
    await counter.getByTestId('increment').click();
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(1);
    const before = { writes: (await traffic.settledWrites(1)).length, exchanges: traffic.exchanges().length };

    // As from API instances that do not share their tokens: the first write and its retry with a new token get 401.
    await faults.refuseWrites(401, { count: 2 });
    await counter.getByTestId('increment').click();
    await overlay.expectProblem('the API refused a fresh token');
    await debug.expectSync('auth-required', 1);
    expect((await traffic.settledWrites(before.writes + 2)).slice(before.writes).map(({ value, outcome }) => [value, outcome])).toEqual([
      [2, 401],
      [2, 401],
    ]);
    expect(traffic.exchanges().length - before.exchanges).toBe(1);

    await page.clock.fastForward(PROFILE_REFRESH_MS);
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(2);
    await debug.expectSync('online', 0);
    expect(traffic.exchanges().length - before.exchanges).toBe(2);
    await expect(debug.problems).toBeEmpty();
  });

  test('a 429 with Retry-After: nothing is sent again before that time, not even when a read gets through', async ({ overlay, api, faults, traffic, debug }) => {
    await overlay.open({ modules: MODULES });
    const counter = overlay.module(COUNTER);
    const keys = new KeysModule(overlay.module(KeysModule.id));
    await counter.getByTestId('increment').click();
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(1);
    const before = (await traffic.settledWrites(1)).length;

    // Long enough for the steps below to happen within it on a busy machine: with 4 s, a run of the whole
    // suite once made the third click after the retry, which then rightly sent 2 before 3.
    const answeredAt = await faults.refuseWrites(429, { retryAfter: '10' });
    await counter.getByTestId('increment').click();
    await debug.expectSync('backing-off', 1);
    // A read that reaches the API, and a new write, would each flush at once otherwise.
    await keys.readUnset();
    await expect(keys.read).toHaveText('read undefined');
    await counter.getByTestId('increment').click();
    // The third write joins the one waiting out the Retry-After: still backing off, still one pending (a state, not a clock).
    await debug.expectSync('backing-off', 1);
    await expect.poll(() => api.get(COUNTER, 'count'), { timeout: 20_000 }).toBe(3);
    await debug.expectSync('online', 0);

    const writes = (await traffic.settledWrites(before + 2)).slice(before);
    expect(writes.map(({ value, outcome }) => [value, outcome])).toEqual([
      [2, 429],
      [3, 200],
    ]);
    // Timer and clock granularity: a few milliseconds.
    expect(writes[1]!.at - answeredAt[0]!).toBeGreaterThanOrEqual(10_000 - 20);
  });

  test('a write the API refuses with 400 is parked and reported while the others go through', async ({ overlay, api, traffic, debug, page }) => {
    await overlay.open({ modules: MODULES });
    const counter = overlay.module(COUNTER);
    const keys = new KeysModule(overlay.module(KeysModule.id));
    // First in line, so the others can only land if the queue goes on past it.
    await keys.writeRefused();
    await keys.writeRound();
    await counter.getByTestId('increment').click();
    await expect.poll(() => storedValues(api)).toEqual(expectedValues(1, 1));
    await debug.expectSync('online', 0);
    await expect(debug.sync).toContainText('failed 1');
    await expect.poll(async () => (await keys.status())?.failed.map(({ key, code }) => [key, code])).toEqual([[REFUSED_KEY, 'BAD_REQUEST']]);
    expect((await traffic.settledWrites(6)).map(({ key, outcome }) => [key, outcome])).toEqual([
      [REFUSED_KEY, 400],
      ['a', 200],
      ['b', 200],
      ['c', 200],
      ['d', 200],
      ['count', 200],
    ]);

    // Kept across a reload, still reported, and not sent again on its own.
    await page.reload();
    await overlay.module(KeysModule.id).waitUntilReady();
    await expect(debug.sync).toContainText('failed 1');
    await expect.poll(async () => (await keys.status())?.failed.length).toBe(1);
    await counter.getByTestId('increment').click();
    await expect.poll(() => api.get(COUNTER, 'count')).toBe(2);
    await traffic.settledWrites(7);
    expect(traffic.writtenKeys().filter((key) => key === REFUSED_KEY)).toHaveLength(1);
  });
});
