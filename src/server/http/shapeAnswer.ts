import type { Answer } from './Answer.ts';

/** The `apiVersion` the envelope's `meta` names: paths carry no version (spec 9), so the wrapper does. */
export const API_VERSION = '1';

/** Turns an answer into the body shape the server speaks; `path` is the API path it answers. */
export type ShapeAnswer = (answer: Answer, path: string) => Answer;

/** The reference server's own shape: bodies as the contract gives them. */
export const bareAnswers: ShapeAnswer = (answer) => answer;

export interface EnvelopeOptions {
  /** Current time in ms, for `meta.requestTime`. @default Date.now */
  now?: () => number;
}

/**
 * The hosted service's shape: `{meta, data}` on success, `{meta, error}` on
 * failure, never both. Status and headers stay as they are; the body is built
 * around the JSON text already made, so a stored value is never re-serialised.
 */
export function envelopeAnswers({ now = Date.now }: EnvelopeOptions = {}): ShapeAnswer {
  return (answer, path) => {
    if (answer.body === null) return answer;
    const meta = `{"requestTime":${JSON.stringify(new Date(now()).toISOString())},"path":${JSON.stringify(path)},"apiVersion":"${API_VERSION}"}`;
    const member = answer.status < 400 ? 'data' : 'error';
    return { ...answer, body: `{"meta":${meta},"${member}":${answer.body}}` };
  };
}
