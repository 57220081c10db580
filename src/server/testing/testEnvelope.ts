import { expect } from 'vitest';
import { API_VERSION } from '../http/index.ts';

/**
 * The contract suite's one parameter: with `OVERLAY_TEST_ENVELOPE=1` (the
 * `envelope` test project) the servers it starts wrap their bodies, and every
 * answer is checked for the hosted shape and unwrapped before the test sees it.
 */
export const TEST_ENVELOPE = process.env.OVERLAY_TEST_ENVELOPE === '1';

/** Paths the server answers in its own shape even with the envelope. */
const OWN_PATHS = new Set(['/', '/healthz', '/dev/database', '/dev/profile']);

/** The body a test asserts on: in envelope mode, the checked inside of `{meta, data}` / `{meta, error}`. */
export function unwrapTestBody(status: number, url: string, body: unknown): unknown {
  const path = new URL(url).pathname;
  if (!TEST_ENVELOPE || body === undefined || OWN_PATHS.has(path)) return body;
  const member = status < 400 ? 'data' : 'error';
  expect(Object.keys(body as object).sort(), `${status} ${path}: members of the envelope`).toEqual([member, 'meta'].sort());
  const { meta } = body as { meta: Record<string, unknown> };
  expect(meta).toEqual({ requestTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), path, apiVersion: API_VERSION });
  return (body as Record<string, unknown>)[member];
}
