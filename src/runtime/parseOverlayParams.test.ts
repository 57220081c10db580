import { describe, expect, it } from 'vitest';
import { parseOverlayParams } from './parseOverlayParams.ts';

const api = 'http://localhost:5173/api';

describe('parseOverlayParams', () => {
  it('takes an overlay id from the query and defaults the API to the page server', () => {
    expect(parseOverlayParams('http://localhost:5173/?overlay=ov-1', api)).toEqual({
      ok: true,
      params: { auth: { overlay: 'ov-1' }, apiBase: api, debug: false },
    });
  });

  it('reads the fragment too, and a fragment value wins over the query', () => {
    const result = parseOverlayParams('http://h/?token=a&kind=game#token=b&kind=tool&debug=1&api=http://x:1/', api);
    expect(result).toEqual({
      ok: true,
      params: { auth: { token: 'b', kind: 'tool' }, apiBase: 'http://x:1', debug: true },
    });
  });

  it('accepts a token without a kind (the page asks the API)', () => {
    const result = parseOverlayParams('http://h/#token=t', api);
    expect(result.ok && result.params.auth).toEqual({ token: 't' });
  });

  it('refuses a bad kind, a bad api and a missing credential with a clear message', () => {
    expect(parseOverlayParams('http://h/?token=t&kind=widget', api)).toEqual({
      ok: false,
      error: 'kind must be one of game, tool, background, event (got "widget")',
    });
    expect(parseOverlayParams('http://h/?overlay=o&api=javascript:alert(1)', api)).toMatchObject({ ok: false });
    expect(parseOverlayParams('http://h/', api)).toMatchObject({ ok: false, error: expect.stringContaining('overlay=') });
  });
});
