/** The Stream Deck buttons for alerts the home page lists (docs/alerts.md, "Stream Deck and bots"). */
const ALERT_BUTTONS = [
  { command: 'toggle-pause', does: 'Pause or resume alerts' },
  { command: 'skip', does: 'Skip the alert showing' },
  { command: 'toggle-mute', does: 'Mute or unmute alerts' },
] as const;

/** The `curl` lines of the alert buttons, each under a comment that says what it does. */
export function alertCurls(apiBase: string, token: string): string {
  return ALERT_BUTTONS.map(({ command, does }) => `# ${does}\ncurl -X POST ${apiBase}/me/alerts/${command} -H "Authorization: Bearer ${token}"`).join('\n');
}
