import { useRef } from 'preact/hooks';
import { MessageLine } from '../../forms/index.ts';
import { SectionStatus } from '../SectionStatus.tsx';
import type { WebsiteSessionInfo } from '../../api/index.ts';
import { describeBrowser } from './describeBrowser.ts';
import { relativeTime } from './relativeTime.ts';
import { type SessionsModel, sessionWhere } from './SessionsModel.ts';

const localTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The Signed in section: every website token made by signing in, where and when, each revocable. */
export function SessionsSection({ model }: { model: SessionsModel }) {
  const status = useRef<HTMLParagraphElement>(null);
  const sessions = model.sessions.value;
  const revoke = async (session: WebsiteSessionInfo) => {
    await model.revoke(session.id);
    // The button is gone with its row: keyboard focus goes to the line that says so, once it is drawn.
    if (!model.sessions.peek()?.some((one) => one.id === session.id)) setTimeout(() => status.current?.focus(), 0);
  };
  return (
    <div class="home-card home-stack">
      {sessions === null && !model.error.value && <p class="home-hint">Reading the sessions…</p>}
      {sessions !== null && !model.currentListed.value && <FixedTokenNote absent={model.absent.value} />}
      {sessions !== null && sessions.length > 0 && (
        <ul class="session-list">
          {sessions.map((session) => (
            <SessionItem key={session.id} model={model} session={session} onRevoke={() => void revoke(session)} />
          ))}
        </ul>
      )}
      <SectionStatus notice={model.notice.value} error={model.error.value} retry={() => void model.load()} statusRef={status} />
    </div>
  );
}

function SessionItem({ model, session, onRevoke }: { model: SessionsModel; session: WebsiteSessionInfo; onRevoke: () => void }) {
  const where = sessionWhere(session);
  const failure = model.failures.value[session.id];
  const busy = model.pending.value.has(session.id);
  return (
    <li class="session-item" data-testid="session" data-current={session.current}>
      <p class="session-where">
        <strong>{where}</strong> · {describeBrowser(session.userAgent)}
        {session.current && <span class="session-badge">this tab</span>}
      </p>
      <p class="session-facts">
        Signed in <When iso={session.createdAt} now={model.now()} local /> · last used <When iso={session.lastUsedAt} now={model.now()} /> · expires{' '}
        <When iso={session.expiresAt} now={model.now()} />
      </p>
      {session.current ? (
        <button type="button" aria-label={`Sign out this tab (session from ${where})`} disabled={busy} onClick={() => void model.signOutHere()}>
          Sign out
        </button>
      ) : (
        <button type="button" class="danger" aria-label={`Revoke session from ${where}`} disabled={busy} onClick={onRevoke}>
          Revoke
        </button>
      )}
      <MessageLine role="alert" class="home-error" text={failure} />
    </li>
  );
}

/** A time of the server's (ISO 8601) in words, the local date and time on hover; `local` shows the latter. */
function When({ iso, now, local = false }: { iso: string; now: number; local?: boolean }) {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return <span>unknown</span>;
  const full = localTime.format(at);
  return (
    <time dateTime={iso} title={full}>
      {local ? full : relativeTime(at, now)}
    </time>
  );
}

/** This tab's token is not a session: fixed by the data folder or the seed, replaced only there. */
function FixedTokenNote({ absent }: { absent: boolean }) {
  return (
    <p class="home-hint" data-testid="fixed-token">
      {absent ? 'This server keeps no sign-in sessions: the' : 'The'} website token of this tab is fixed by the server's data folder or seed, so it is
      not listed here and cannot be revoked from this page. To replace it, delete the data folder's <code>website-token</code> file (or the Redis key{' '}
      <code>start:website-token</code>) and start <code>npm start</code> again, or change the seed's website token.
    </p>
  );
}
