import { LIMITS } from './limits.ts';
import { OverlayError } from './OverlayError.ts';

/** A dotted module identifier: letters, digits, `.`, `_`, `-`; never `:`. */
export const MODULE_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Names that fit the pattern but are never module ids: used as a key of a plain
 * object (boxes, values by module), `__proto__` would set the prototype and be lost,
 * and the other two would shadow what every object inherits.
 */
export const RESERVED_MODULE_IDS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The rule of module ids, as error messages state it. */
export const MODULE_ID_RULE = '1-128 letters, digits, ".", "_" or "-"';

/** True when `id` is a valid module id. */
export function isModuleId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= LIMITS.moduleIdLength && MODULE_ID_PATTERN.test(id) && !RESERVED_MODULE_IDS.includes(id);
}

/** Why `id` is not a module id, for a 400 that names it; `undefined` when it is one. */
export function moduleIdProblem(id: unknown): string | undefined {
  if (isModuleId(id)) return undefined;
  if (typeof id === 'string' && RESERVED_MODULE_IDS.includes(id)) return `${JSON.stringify(id)} is reserved: __proto__, constructor and prototype are not module ids`;
  return `must be a module id: ${MODULE_ID_RULE}`;
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
  const idProblem = moduleIdProblem(ownId);
  if (idProblem !== undefined) throw new OverlayError('BAD_REQUEST', `id ${idProblem}`);
  if (typeof key !== 'string' || key.length === 0) {
    throw new OverlayError('BAD_REQUEST', 'key must be a non-empty string');
  }
  const colon = key.indexOf(':');
  const moduleId = colon === -1 ? ownId : key.slice(0, colon);
  const name = colon === -1 ? key : key.slice(colon + 1);
  const otherProblem = moduleIdProblem(moduleId);
  if (otherProblem !== undefined) throw new OverlayError('BAD_REQUEST', `key: the part before ":" ${otherProblem}`);
  if (!isKeyName(name)) {
    throw new OverlayError('BAD_REQUEST', `key: the name must be 1-${LIMITS.nameLength} characters`);
  }
  return { moduleId, name };
}
