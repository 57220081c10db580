import { expect, test as base } from './fixtures.ts';
import { HomePage } from './support/HomePage.ts';

const CHAT = 'demo.tool.chat';
const COUNTER = 'demo.tool.counter';

/** The home page in a browser context of its own (a streamer's desktop browser beside OBS), 1280 px wide. */
const test = base.extend<{ home: HomePage }>({
  home: async ({ browser, api }, use, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // Chromium logs every 4xx answer itself; a 412 is how the API says another tab saved first, which the page handles.
      if (message.type() === 'error' && !message.text().includes('status of 412')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(new HomePage(page, api));
    await context.close();
    expect(errors, 'console errors of the home page').toEqual([]);
  },
});

test.describe('signing in', () => {
  test('the server\'s address without overlay parameters goes to /home, which asks for the website token', async ({ page, api }) => {
    await page.goto(`/?api=${encodeURIComponent(api.url)}`);
    await expect(page).toHaveURL(/\/home\?api=/);
    const field = page.getByLabel('Website token', { exact: true });
    await field.fill(api.tokens.website);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Overlays', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Twitch' })).toHaveCount(0);
  });

  test('#token= signs in, leaves the address bar, lasts for the tab\'s session, and Sign out forgets it', async ({ home, api }) => {
    await home.open();
    expect(home.page.url()).not.toContain(api.tokens.website);
    await home.page.reload();
    await expect(home.section('Overlays')).toBeVisible();
    await home.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(home.page.getByLabel('Website token', { exact: true })).toBeVisible();
    // The seed's token is no sign-in session: the server keeps it, and the page says so.
    await expect(home.page.getByRole('alert')).toContainText('Signed out in this tab');
    await home.page.reload();
    await expect(home.page.getByLabel('Website token', { exact: true })).toBeVisible();
  });

  // The browser logs the 401 itself: this page is not held to a clean console.
  test('a refused token says so and asks again', async ({ page, api }) => {
    await page.goto(`/home?api=${encodeURIComponent(api.url)}#token=not-a-token`);
    await expect(page.getByRole('alert')).toContainText('This token was refused');
    await expect(page.getByLabel('Website token', { exact: true })).toBeVisible();
  });

  test('an overlay address still opens the overlay, and a bad one shows nothing', async ({ overlay, page }) => {
    await overlay.open({ kind: 'tool', modules: [COUNTER] });
    await expect(page).toHaveURL(/\/\?overlay=/);
    await page.goto('/?overlay=no-such-overlay&debug=1');
    await expect(page).toHaveURL(/\/\?overlay=no-such-overlay/);
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test.describe('overlays', () => {
  test('each address is masked until Show address, and Copy copies it either way', async ({ home, api }) => {
    await home.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await home.open();
    const field = home.overlayAddress('tool');
    await expect(field).toHaveAttribute('type', 'password');
    await expect(field).toHaveValue(new RegExp(`overlay=${api.profile.overlays.tool}`));
    const show = home.overlay('tool').getByRole('button', { name: 'Show address', exact: true });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await home.overlay('tool').getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await home.page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
    await show.click();
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(field).toHaveAttribute('type', 'text');
  });

  test('a new address works and the old one stops', async ({ home, overlay, page, api }) => {
    await home.open();
    const oldId = new URL(await home.overlayAddress('tool').inputValue()).searchParams.get('overlay');
    await overlay.open({ kind: 'tool', modules: [COUNTER] });
    await home.newOverlayAddress('tool');
    await expect(home.overlay('tool').getByRole('status').filter({ hasText: 'New address made' })).toBeVisible();
    // The running overlay loses its token at once, and its id cannot get a new one.
    await expect(overlay.debug).toContainText('auth-required');
    const exchange = await fetch(`${api.url}/auth/overlay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ overlay: oldId }) });
    expect(exchange.status).toBe(404);
    await page.goto(await home.overlayPath('tool'));
    await overlay.module(COUNTER).waitUntilReady();
    await expect(overlay.debug).not.toContainText('auth-required');
  });
});

test.describe('modules', () => {
  test('Show Chat box adds its frame to a running tool overlay live; unticking removes it', async ({ home, overlay }) => {
    await overlay.open({ kind: 'tool', modules: [COUNTER] });
    await home.open();
    await expect(home.showTool('Chat box')).not.toBeChecked();
    await home.showTool('Chat box').check();
    await expect(overlay.module(CHAT).iframe).toBeAttached();
    await expect(home.page.getByText('Not saved')).toHaveCount(0);
    await home.showTool('Chat box').uncheck();
    await expect(overlay.module(CHAT).iframe).toHaveCount(0);
    await expect(overlay.module(COUNTER).iframe).toBeAttached();
  });

  test('tools move up and down; the order is stored', async ({ home, api }) => {
    await api.selectModules('tool', [COUNTER, CHAT]);
    await home.open();
    await expect(home.section('Modules').getByRole('button', { name: 'Move Counter up' })).toBeDisabled();
    await home.section('Modules').getByRole('button', { name: 'Move Chat box up', exact: true }).click();
    await expect(home.section('Modules').getByRole('button', { name: 'Move Chat box up', exact: true })).toBeDisabled();
    await home.page.reload();
    await expect(home.section('Modules').getByRole('button', { name: 'Move Counter down', exact: true })).toBeDisabled();
  });

  test('a radio group per single slot, with None', async ({ home }) => {
    await home.open();
    const game = home.section('Modules').getByRole('group', { name: 'Game', exact: true });
    await game.getByRole('radio', { name: 'None', exact: true }).check();
    await home.page.reload();
    await expect(home.section('Modules').getByRole('group', { name: 'Game', exact: true }).getByRole('radio', { name: 'None', exact: true })).toBeChecked();
  });

  test('favourites are toggles, stored with the profile', async ({ home }) => {
    await home.open();
    const chat = home.favourite('Chat box');
    await expect(chat).toHaveAttribute('aria-pressed', 'false');
    await chat.click();
    await expect(chat).toHaveAttribute('aria-pressed', 'true');
    await home.page.reload();
    await expect(home.favourite('Chat box')).toHaveAttribute('aria-pressed', 'true');
    await home.favourite('Chat box').click();
    await home.page.reload();
    await expect(home.favourite('Chat box')).toHaveAttribute('aria-pressed', 'false');
  });

  test('a save another device made first (412) is said, the choice stays on screen, and Try again stores it', async ({ home, api }) => {
    await home.open();
    // Another device stores its favourites: the page's ETag is stale from then on.
    const favs = { games: [], tools: [CHAT], backgrounds: [], events: [] };
    const other = await fetch(`${api.url}/me/favs`, { method: 'PUT', headers: { Authorization: `Bearer ${api.tokens.website}`, 'Content-Type': 'application/json' }, body: JSON.stringify(favs) });
    expect(other.status).toBe(200);
    await home.showTool('Chat box').check();
    const note = home.section('Modules').getByRole('alert');
    await expect(note).toContainText('changed elsewhere');
    await expect(home.showTool('Chat box')).toBeChecked();
    // The profile was read again: the other device's favourite shows.
    await expect(home.favourite('Chat box')).toHaveAttribute('aria-pressed', 'true');
    await note.getByRole('button', { name: 'Try again' }).click();
    await expect(note).toHaveCount(0);
    await home.page.reload();
    await expect(home.showTool('Chat box')).toBeChecked();
    await expect(home.favourite('Chat box')).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('Stream Deck', () => {
  test('a new token works for custom events and the old one gets 401', async ({ home, api }) => {
    await home.open();
    const old = await home.streamDeckToken.inputValue();
    await expect(home.section('Stream Deck').getByTestId('streamdeck-curl')).toContainText('<Stream Deck token>');
    await home.section('Stream Deck').getByRole('button', { name: 'Show token', exact: true }).click();
    await expect(home.section('Stream Deck').getByTestId('streamdeck-curl')).toContainText(old);
    const token = await home.newStreamDeckToken();
    const post = (bearer: string) =>
      fetch(`${api.url}/me/events`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: '{"type":"custom.next-question","event":{}}' });
    expect((await post(old)).status).toBe(401);
    expect((await post(token)).ok).toBe(true);
    await expect(home.section('Stream Deck').getByTestId('streamdeck-curl')).toContainText(token);
  });

  test('lists the curl lines of the pause, skip and mute buttons, and the shown ones work as printed', async ({ home, api }) => {
    await home.open();
    const lines = home.section('Stream Deck').getByTestId('streamdeck-alert-curl');
    await expect(lines).toContainText('/me/alerts/skip -H "Authorization: Bearer <Stream Deck token>"');
    await home.section('Stream Deck').getByRole('button', { name: 'Show token', exact: true }).click();
    const token = await home.streamDeckToken.inputValue();
    await expect(lines).toContainText(`/me/alerts/toggle-pause -H "Authorization: Bearer ${token}"`);
    // Each line as a shell would run it: curl -X POST <url> -H "Authorization: Bearer <token>".
    const run = async (command: string) => {
      const line = (await lines.innerText()).split('\n').find((each) => each.startsWith('curl') && each.includes(`/me/alerts/${command} `))!;
      const [, url, header] = /^curl -X POST (\S+) -H "([^"]+)"$/.exec(line)!;
      const [name, value] = header!.split(': ');
      expect((await fetch(url!, { method: 'POST', headers: { [name!]: value! } })).ok).toBe(true);
    };
    await run('toggle-pause');
    await run('toggle-mute');
    expect(await api.alerts()).toMatchObject({ paused: true, muted: true });
    await run('skip');
  });
});

test('keyboard: a new address is asked for and confirmed, a tool shown, a radio chosen, without a mouse', async ({ home }) => {
  await home.open();
  const before = await home.overlayAddress('game').inputValue();
  await home.overlay('game').getByRole('button', { name: 'Show address', exact: true }).focus();
  await home.page.keyboard.press('Space');
  await expect(home.overlay('game').getByRole('button', { name: 'Show address', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await home.page.keyboard.press('Tab');
  await expect(home.overlay('game').getByRole('button', { name: 'Copy', exact: true })).toBeFocused();
  await home.page.keyboard.press('Tab');
  await home.page.keyboard.press('Enter');
  // The confirmation takes the focus; Enter makes the address.
  await expect(home.overlay('game').getByRole('button', { name: 'Make a new address', exact: true })).toBeFocused();
  await home.page.keyboard.press('Enter');
  await expect(home.overlayAddress('game')).not.toHaveValue(before);
  await expect(home.overlay('game').getByRole('button', { name: 'New address', exact: true })).toBeFocused();
  await home.showTool('Chat box').focus();
  await home.page.keyboard.press('Space');
  await expect(home.showTool('Chat box')).toBeChecked();
  const event = home.section('Modules').getByRole('group', { name: 'Event', exact: true });
  await event.getByRole('radio', { name: 'Alert box', exact: true }).focus();
  await home.page.keyboard.press('ArrowUp');
  await expect(event.getByRole('radio', { name: 'None', exact: true })).toBeChecked();
  await home.page.reload();
  await expect(home.showTool('Chat box')).toBeChecked();
  await expect(home.section('Modules').getByRole('group', { name: 'Event', exact: true }).getByRole('radio', { name: 'None', exact: true })).toBeChecked();
});

test('the dock links to the home page', async ({ dock }) => {
  await dock.open([], {});
  const link = dock.page.getByRole('link', { name: 'Home', exact: true });
  await expect(link).toHaveAttribute('href', /\/home\?api=/);
});

for (const width of [360, 1280]) {
  test(`at ${width} px the home page has no horizontal scroll and no overlapping controls`, async ({ home }) => {
    await home.page.setViewportSize({ width, height: 900 });
    await home.open();
    await expect(home.showTool('Chat box')).toBeVisible();
    const scroll = await home.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll.scroll).toBeLessThanOrEqual(scroll.client);
    expect(await home.page.evaluate(overlaps)).toEqual([]);
  });
}

/** Pairs of controls (and headings, labels) whose boxes overlap, by a readable name; the layout preview's boxes overlap where their modules do on stream. */
function overlaps(): string[] {
  const boxes = [...document.querySelectorAll<HTMLElement>('h1, h2, label, input, button, a, legend')]
    .filter((element) => element.getClientRects().length > 0 && !element.closest('[data-testid="layout-canvas"]'))
    .map((element) => ({ element, box: element.getBoundingClientRect() }));
  const name = (element: HTMLElement) => `${element.tagName.toLowerCase()}(${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 20)})`;
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (width > 1 && height > 1) found.push(`${name(a.element)} / ${name(b.element)}`);
    }
  }
  return found;
}
