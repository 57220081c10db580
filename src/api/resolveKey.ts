import { LIMITS } from './limits.ts';
import { OverlayError } from './OverlayError.ts';

/** A dotted module identifier: letters, digits, `.`, `_`, `-`; never `:`. */
export const MODULE_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** True when `id` is a valid module id. */
export function isModuleId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= LIMITS.moduleIdLength && MODULE_ID_PATTERN.test(id);
}

/** True when `name` is a valid key name: 1-256 UTF-16 code units, any text. */
export function isKeyName(name: unknown): name is string {
  return typeof name === 'string' && name.length >= 1 && name.length <= LIMITS.nameLength;
}

export interface ResolvedKey {
  moduleId: string;
  name: string;
}

/**
 * Applies the key rules (docs/server.md, Keys): `name` addresses the caller's own
 * module, `other:name` (split at the first `:`) addresses module `other`.
 * Throws `BAD_REQUEST` naming the field at fault.
 */
export function resolveKey(ownId: string, key: string): ResolvedKey {
  if (!isModuleId(ownId)) {
    throw new OverlayError('BAD_REQUEST', 'id must be a module id: 1-128 letters, digits, ".", "_" or "-"');
  }
  if (typeof key !== 'string' || key.length === 0) {
    throw new OverlayError('BAD_REQUEST', 'key must be a non-empty string');
  }
  const colon = key.indexOf(':');
  const moduleId = colon === -1 ? ownId : key.slice(0, colon);
  const name = colon === -1 ? key : key.slice(colon + 1);
  if (!isModuleId(moduleId)) {
    throw new OverlayError('BAD_REQUEST', 'key: the part before ":" must be a module id');
  }
  if (!isKeyName(name)) {
    throw new OverlayError('BAD_REQUEST', `key: the name must be 1-${LIMITS.nameLength} characters`);
  }
  return { moduleId, name };
}
