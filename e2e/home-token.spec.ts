import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from './fixtures.ts';
import { HomePage } from './support/HomePage.ts';

/**
 * A server standing in for an attacker's `api=`: it answers every request
 * (CORS preflights included, so a browser would send it anything) and records
 * each `Authorization` header it gets.
 */
interface AttackerApi {
  url: string;
  /** `METHOD /path`, for every request. */
  requests: string[];
  authorizations: string[];
}

const test = base.extend<{ home: HomePage; attacker: AttackerApi }>({
  home: async ({ page, api }, use) => {
    await use(new HomePage(page, api));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
  attacker: async ({}, use) => {
    const attacker: AttackerApi = { url: '', requests: [], authorizations: [] };
    const server: Server = createServer((request, response) => {
      attacker.requests.push(`${request.method} ${request.url}`);
      if (request.headers.authorization) attacker.authorizations.push(request.headers.authorization);
      response.writeHead(request.method === 'OPTIONS' ? 204 : 200, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
        'Content-Type': 'application/json',
      });
      response.end(request.method === 'OPTIONS' ? undefined : '{"signup":"twitch","endpoints":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    attacker.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await use(attacker);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});

test('a token is only sent to the API it was given for: the same tab opened with another api= asks for one and sends nothing', async ({ home, api, attacker }) => {
  await home.open();
  const { page } = home;
  await page.goto(`/home?api=${encodeURIComponent(attacker.url)}`);
  await expect(page.getByLabel('Website token', { exact: true })).toBeVisible();
  // The page did talk to that server (its root, for "Sign in with Twitch"), without a token.
  await expect.poll(() => attacker.requests).toContain('GET /');
  await expect(page.getByRole('link', { name: 'Sign in with Twitch' })).toHaveAttribute('href', `${attacker.url}/auth/twitch`);
  // The dock keeps no token: opened on that API without one, it says its address lacks one.
  await page.goto(`/dock?api=${encodeURIComponent(attacker.url)}`);
  await expect(page.getByTestId('dock-error')).toContainText('the address needs overlay=');

  // Back on the real API, the tab is still signed in with the token it was given for it.
  await page.goto(home.url({ token: false }));
  await expect(home.section('Overlays')).toBeVisible();
  // Another api= in the fragment alone (no page load) starts the page again on that API, which gets no token either.
  await page.goto(`${home.url({ token: false })}#${new URLSearchParams({ api: `${attacker.url}/v2` })}`);
  await expect(page.getByLabel('Website token', { exact: true })).toBeVisible();
  await expect.poll(() => attacker.requests).toContain('GET /v2/');
  await page.goto(home.url({ token: false }));
  await expect(home.section('Overlays')).toBeVisible();
  await expect(home.overlayAddress('tool')).toHaveValue(new RegExp(api.profile.overlays.tool));
  expect(attacker.authorizations).toEqual([]);
  expect(attacker.requests.join('\n')).not.toContain(api.tokens.website);
});
