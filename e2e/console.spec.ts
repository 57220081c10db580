import { expect, test } from './fixtures.ts';
import { collectErrors } from './support/collectErrors.ts';

// A streamer opening the browser's console sees no red line on a healthy start: a
// key that was never set is not an error, nor is anything else a normal start does.
const TOOLS = ['demo.tool.counter', 'demo.tool.goal', 'demo.tool.streaminfo'];

test('the tool overlay starts without an error line in the console, exchanging its id and reading its profile once', async ({ overlay, api }) => {
  const errors = collectErrors(overlay.page);
  // index.html sends both before the page script runs; the page takes their answers over instead of asking again.
  const startRequests: string[] = [];
  overlay.page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/auth/overlay' || path === '/me') startRequests.push(`${request.method()} ${path}`);
  });
  await overlay.open({ kind: 'tool', modules: TOOLS, debug: false });
  // Every module has read what it reads at start once the network is quiet.
  await overlay.page.waitForLoadState('networkidle');
  // The counter read its count and its settings, none of them ever set: the case that used to log 404s.
  expect(await api.get('demo.tool.counter', 'count')).toBeUndefined();
  expect(errors).toEqual([]);
  expect(startRequests).toEqual(['POST /auth/overlay', 'GET /me']);
});

test('the dock starts without an error line in the console', async ({ dock, api }) => {
  await api.selectModules('tool', TOOLS);
  const errors = collectErrors(dock.page);
  await dock.open([...TOOLS, 'demo.background.aurora', 'demo.event.alerts', 'demo.game.trivia']);
  await dock.page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
