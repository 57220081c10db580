import { expect } from 'vitest';
import type { ApiAnswer } from './apiTestClient.ts';

/** Asserts the API's error shape: status, `{code, message}` only, code equal to status, CORS present. */
export function expectError(answer: ApiAnswer, status: number, message?: string | RegExp): void {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { code: status, message: typeof message === 'string' ? message : expect.any(String) },
  });
  if (message instanceof RegExp) expect((answer.body as { message: string }).message).toMatch(message);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
}
