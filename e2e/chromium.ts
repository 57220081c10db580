/** Where Debian puts Chromium; `CHROMIUM_PATH` overrides it. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Flags that keep Chromium off the closed network and out of the sandbox it cannot use as root, and let it play sound as OBS does. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // What OBS's browser source does (obs-browser's BrowserApp::OnBeforeCommandLineProcessing): a page plays sound without a click.
  '--autoplay-policy=no-user-gesture-required',
];
