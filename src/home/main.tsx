import '../theme/dark.css';
import './home.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { modules, problems } from 'virtual:overlay-modules';
import { descriptions } from 'virtual:overlay-module-descriptions';
import type { ModuleEntry } from '../api/index.ts';
import { createHomeSections } from './createHomeSections.tsx';
import { HomeApp } from './HomeApp.tsx';
import { HomeSession } from './HomeSession.ts';
import { AccountSwitch, readHomeAddress } from './signin/index.ts';
import { tokenMemory } from './TokenMemory.ts';

const address = readHomeAddress(location.href, `${location.origin}/api`);
takeTokenOffAddress(address.cleaned, address.token);
for (const problem of problems) console.warn(`[home] module skipped: ${problem.path}: ${problem.reason}`);
const app = document.getElementById('app')!;

if (address.apiBase === null) {
  render(<p role="alert">api must be an http(s) URL, e.g. /home?api=http://127.0.0.1:8787</p>, app);
} else {
  const catalog = signal<readonly ModuleEntry[]>(withDescriptions(modules), { name: 'home.catalog' });
  const session = new HomeSession({ apiBase: address.apiBase, memory: tokenMemory(sessionStorage, address.apiBase), catalog });
  const pageBase = new URL('./', location.href).href.replace(/[?#].*$/, '');
  const accounts = new AccountSwitch(session);
  const sections = createHomeSections(session, { pageBase });
  const dock = new URL('dock', pageBase);
  if (address.apiBase !== `${location.origin}/api`) dock.searchParams.set('api', address.apiBase);
  render(<HomeApp session={session} accounts={accounts} sections={sections} dockHref={dock.href} />, app);
  void session.readRoot();
  void (address.token ? accounts.arrive(address.token) : session.reload().then(() => showSignInError(address.signInError)));
  // A `#token=` pasted into the address bar of the open page changes only the fragment: no new page load.
  window.addEventListener('hashchange', () => {
    const next = readHomeAddress(location.href, `${location.origin}/api`);
    // Another `api=` in the fragment: the page starts again on that API, where this tab's token is not sent.
    if (next.apiBase !== address.apiBase) return location.reload();
    takeTokenOffAddress(next.cleaned, next.token);
    if (next.token) void accounts.arrive(next.token);
  });
  // Back from another tab (which may have changed the profile): read it again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && session.phase.peek() === 'ready') void session.reload();
  });
  /** A sign-in with Twitch that ended without a token (refused on Twitch) says so beside the sign-in form. */
  function showSignInError(message: string | undefined): void {
    if (message && session.phase.peek() === 'signed-out') session.error.value = message;
  }
  if (import.meta.hot) {
    import.meta.hot.on('overlay:modules', (next) => {
      catalog.value = withDescriptions(next.modules);
    });
  }
}

/** The token (and a sign-in's message) leaves the address bar (and the history) at once: it is kept for this tab in sessionStorage. */
function takeTokenOffAddress(cleaned: string, token: string | undefined): void {
  if (cleaned !== location.href || token) history.replaceState(history.state, '', cleaned);
}

/** The catalog's entries with their manifests' descriptions (the overlay page's catalog goes without). */
function withDescriptions(entries: readonly ModuleEntry[]): ModuleEntry[] {
  return entries.map((entry) => (Object.hasOwn(descriptions, entry.id) ? { ...entry, description: descriptions[entry.id] } : entry));
}
