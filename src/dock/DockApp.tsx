import { MessageLine } from '../forms/index.ts';
import { AlertsSection } from './AlertsSection.tsx';
import type { DockModel } from './DockModel.ts';
import { EventsSection } from './EventsSection.tsx';
import { KindSection } from './KindSection.tsx';

interface DockAppProps {
  model: DockModel;
  /** The home page's address (same API): overlay addresses, modules, tokens. */
  homeHref: string;
}

/** The control dock: every selected module of the opened overlays, its settings and its panel. */
export function DockApp({ model, homeHref }: DockAppProps) {
  const userName = model.userName.value;
  // Every overlay kind hears the same events: the first running start serves the Activity.
  const controller = model.sessions.value.map((session) => session.controller.value).find(Boolean);
  return (
    <main class="dock" data-testid="dock" data-phase={model.phase.value}>
      <header class="dock-header">
        <h1>Overlay dock</h1>
        {userName && <span class="dock-user">{userName}</span>}
        <a class="dock-home" href={homeHref} target="_blank" rel="noopener">
          Home
        </a>
      </header>
      <MessageLine role="status" class="dock-twitch" testId="dock-twitch" text={model.twitch.value} />
      {model.error.value && (
        <div class="dock-failed">
          <p role="alert" data-testid="dock-error">
            {model.error.value}
          </p>
          <p>
            Open <code>/dock?token=&lt;website token&gt;</code> for every overlay, or <code>/dock?overlay=&lt;overlay id&gt;</code> for one
            (add <code>api=&lt;API URL&gt;</code> for another API).
          </p>
        </div>
      )}
      {controller && <AlertsSection controller={controller} />}
      {controller && <EventsSection controller={controller} />}
      {model.sessions.value.map((session, index) => (
        <KindSection key={index} session={session} />
      ))}
    </main>
  );
}
