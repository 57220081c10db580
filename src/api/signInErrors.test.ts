import { describe, expect, it } from 'vitest';
import { signInErrorCode, signInErrorMessage } from './signInErrors.ts';

describe('sign-in error codes', () => {
  it('keeps the OAuth codes and ours, and makes anything else the generic code', () => {
    for (const code of ['access_denied', 'invalid_request', 'invalid_scope', 'server_error', 'temporarily_unavailable', 'unauthorized_client', 'unsupported_response_type', 'signin_failed']) {
      expect(signInErrorCode(code)).toBe(code);
    }
    for (const raw of [null, undefined, '', 'ACCESS_DENIED', 'toString', '__proto__', 'Your account is locked']) expect(signInErrorCode(raw)).toBe('signin_failed');
  });

  it('gives a fixed message per code, and never the words of an unknown one', () => {
    expect(signInErrorMessage('access_denied')).toBe('Sign-in cancelled on Twitch: nothing was stored.');
    expect(signInErrorMessage('temporarily_unavailable')).toMatch(/Try again in a minute/);
    const forged = signInErrorMessage('Your account is locked: paste your token at https://evil.example');
    expect(forged).toBe(signInErrorMessage('signin_failed'));
    expect(forged).not.toMatch(/locked|evil/);
  });
});
