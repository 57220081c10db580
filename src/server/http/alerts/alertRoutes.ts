import { ALERT_QUEUE_COMMANDS, ALERT_STATE_COMMANDS, ALERTS_PATH, ALERTS_REPORT_PATH, type AlertCommand, AlertReportSchema, describeSchemaIssue } from '../../../api/index.ts';
import type { AlertControl } from '../../alerts/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';
import { HttpError } from '../HttpError.ts';
import type { Route } from '../routeTable.ts';
import { noContent } from '../sessions/sessionRoutes.ts';

export interface AlertDeps {
  control: AlertControl;
  limits: ApiLimits;
}

type Handler = (request: ApiRequest, grant: TokenGrant) => Promise<Answer>;

/**
 * The alert routes (docs/alerts.md): the state and each command at its own path, so that an unknown command is
 * a 404 and a GET of a command a 405, as the route table answers every path. Website, overlay and Stream Deck
 * tokens drive alerts; only an overlay page reports.
 */
export function alertRoutes(deps: AlertDeps): Route[] {
  const commands = [...ALERT_STATE_COMMANDS, ...ALERT_QUEUE_COMMANDS].map(
    (command): Route => ({ method: 'POST', path: `${ALERTS_PATH}/${command}`, token: 'any', handler: runCommand(deps, command) }),
  );
  return [
    { method: 'GET', path: ALERTS_PATH, token: 'any', handler: readAlerts(deps) },
    ...commands,
    { method: 'POST', path: ALERTS_REPORT_PATH, token: 'overlay', handler: reportAlerts(deps) },
  ];
}

/** `GET /me/alerts`: 200 `{paused, muted, showing, waiting}`. */
function readAlerts({ control }: AlertDeps): Handler {
  return async (_request, { userId }) => {
    return jsonAnswer(200, JSON.stringify(await control.state(userId)));
  };
}

/** `POST /me/alerts/<command>`: a state command answers 200 with the state; skip and clear 202 (the pages act on them). */
function runCommand({ control }: AlertDeps, command: AlertCommand): Handler {
  const status = command === 'skip' || command === 'clear' ? 202 : 200;
  return async (_request, { userId }) => {
    return jsonAnswer(status, JSON.stringify(await control.command(userId, command)));
  };
}

/** `POST /me/alerts/report`: an overlay page's latest view of its queue; 204. */
function reportAlerts({ control, limits }: AlertDeps): Handler {
  return async (request, { userId }) => {
    requireJsonContentType(request);
    const body = parseJsonObject(await readBody(request, limits.maxBodyBytes), 'a report {showing, waiting, held?, dropped?}');
    const parsed = AlertReportSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, `Invalid report - ${describeSchemaIssue(parsed.error.issues[0]!, 'report')}`);
    await control.report(userId, parsed.data);
    return noContent();
  };
}
