import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Connect } from 'vite';
import { contentType } from './contentType.ts';
import { isInsideRealFolder } from './isInsideRealFolder.ts';
import type { ModulesContext } from './ModulesContext.ts';
import { isFile } from './readModuleFolder.ts';
import { moduleFileCsp } from './moduleFileHeaders.ts';
import { withModulePolicy } from './withModulePolicy.ts';
import { isSdkPath, SDK_PATHS, type SdkPath } from './SdkBundle.ts';

/**
 * Serves `/modules/<id>/**` raw from the module's folder (no HTML transform:
 * module pages load no Vite client) and `/sdk.js`, `/sdk.mjs`, `/sdk.d.ts`.
 */
export function moduleFilesMiddleware(context: ModulesContext): Connect.NextHandleFunction {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = (req.url ?? '/').split(/[?#]/)[0]!;
    const head = req.method === 'HEAD';
    if (isSdkPath(path)) serveSdk(context, path, res, head).catch(next);
    else if (path.startsWith('/modules/')) serveModuleFile(context, path, res, head).catch(next);
    else next();
  };
}

async function serveSdk(context: ModulesContext, path: SdkPath, res: ServerResponse, head: boolean): Promise<void> {
  const { part, type } = SDK_PATHS[path];
  try {
    const files = await context.sdk.get();
    reply(res, { status: 200, type, body: files[part], head });
  } catch (error) {
    reply(res, { status: 500, type: 'text/plain; charset=utf-8', body: `SDK build failed: ${error}`, head });
  }
}

async function serveModuleFile(context: ModulesContext, path: string, res: ServerResponse, head: boolean): Promise<void> {
  const file = resolveModuleRequest(context, path);
  if (!file || !(await isFile(file)) || !(await isServable(context, path, file))) {
    reply(res, { status: 404, type: 'text/plain; charset=utf-8', body: `Not found: ${path}`, head });
    return;
  }
  const type = contentType(file);
  const body = await readFile(file);
  reply(res, { status: 200, type, body: type.startsWith('text/html') ? withModulePolicy(body.toString('utf8'), connectOf(context, path)) : body, head });
}

/** The origins the manifest of the module a path belongs to declares. */
function connectOf(context: ModulesContext, path: string): readonly string[] {
  const id = decodeURIComponent(path.slice('/modules/'.length)).split('/')[0]!;
  return context.catalog.modules.find((entry) => entry.id === id)?.connect ?? [];
}

/** A module may only serve its own files: a symlink that leads out of its folder is refused, with a warning. */
async function isServable(context: ModulesContext, path: string, file: string): Promise<boolean> {
  const id = decodeURIComponent(path.slice('/modules/'.length)).split('/')[0]!;
  if (await isInsideRealFolder(context.moduleDir(id)!, file)) return true;
  context.warn(`[overlay-modules] refused ${path}: it is a symlink that leads out of the module folder`);
  return false;
}

/** The file a `/modules/<id>/<rest>` path names, inside that module's folder; undefined otherwise. */
export function resolveModuleRequest(context: ModulesContext, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.slice('/modules/'.length));
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const slash = decoded.indexOf('/');
  if (slash === -1) return undefined;
  const dir = context.moduleDir(decoded.slice(0, slash));
  if (!dir) return undefined;
  const rest = decoded.slice(slash + 1);
  const file = resolve(dir, rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest);
  const inside = relative(dir, file);
  return inside.startsWith('..') || isAbsolute(inside) ? undefined : file;
}

interface Reply {
  status: number;
  type: string;
  body: string | Buffer;
  head: boolean;
}

function reply(res: ServerResponse, { status, type, body, head }: Reply): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  // Module frames are sandboxed (opaque origin `null`): module scripts and
  // fonts they fetch are CORS requests that need this header.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Opened directly, a module page or SVG would run on the page's origin (and reach
  // its IndexedDB queue): this keeps it in an opaque origin, as its frame does.
  res.setHeader('Content-Security-Policy', moduleFileCsp(type));
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(head ? undefined : body);
}
