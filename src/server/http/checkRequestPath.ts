import type { MiddlewareHandler } from 'hono';
import { HttpError } from './HttpError.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a path may not hold.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A path no client sends on purpose is a 400 before routing: a percent-encoding
 * that is not UTF-8 (`%E0%A4%A`), a control character, or a `.` / `..` segment
 * (browsers resolve those before sending; the raw request target is read, because
 * the URL a handler sees has them resolved already). Without this check a
 * parameter's decoding throws deep in a handler, a 500.
 */
export function checkRequestPath(target: string): void {
  const path = target.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new HttpError(400, `Bad request - the path ${quote(path)} is not valid percent-encoded UTF-8`);
  }
  if (CONTROL.test(decoded)) throw new HttpError(400, `Bad request - the path ${quote(path)} holds a control character`);
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new HttpError(400, `Bad request - the path ${quote(path)} has a "." or ".." segment`);
  }
}

/** The check as middleware: the raw request target under Node (`env.incoming.url`), else the URL's path. */
export function requestPathGuard(): MiddlewareHandler {
  return async (c, next) => {
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    checkRequestPath(raw?.startsWith('/') ? raw : new URL(c.req.url).pathname);
    await next();
  };
}

const quote = (path: string) => JSON.stringify(path.slice(0, 200));
