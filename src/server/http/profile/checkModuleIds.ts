import { isModuleId, type Kind, moduleIdProblem } from '../../../api/index.ts';
import type { ModuleCatalog } from '../../modules/index.ts';
import { HttpError } from '../HttpError.ts';

/** A 400 naming the field at fault: `Invalid selected - tools[2]: ...`. */
export function invalid(what: string, field: string, problem: string): HttpError {
  return new HttpError(400, `Invalid ${what} - ${field}: ${problem}`);
}

/**
 * A module id in a slot of `kind`: the database's form, and, when the server
 * knows the installed modules, one of them whose manifest has that kind.
 */
export function checkModuleId(value: unknown, kind: Kind, catalog: ModuleCatalog | undefined, what: string, field: string): string {
  const problem = moduleIdProblem(value);
  if (problem !== undefined || !isModuleId(value)) throw invalid(what, field, problem ?? 'must be a module id');
  const installed = catalog?.get(value);
  if (catalog && installed === undefined) throw invalid(what, field, `${JSON.stringify(value)} is not an installed module`);
  if (installed !== undefined && installed !== kind) throw invalid(what, field, `${JSON.stringify(value)} is a ${installed} module, not a ${kind}`);
  return value;
}

/** An array of module ids of one kind, each at most once, at most `max`. */
export function checkModuleList(value: unknown, kind: Kind, catalog: ModuleCatalog | undefined, what: string, field: string, max: number): string[] {
  if (!Array.isArray(value)) throw invalid(what, field, 'must be an array of module ids');
  if (value.length > max) throw invalid(what, field, `holds ${value.length} module ids, at most ${max} are allowed`);
  const seen = new Set<string>();
  return value.map((each, i) => {
    const id = checkModuleId(each, kind, catalog, what, `${field}[${i}]`);
    if (seen.has(id)) throw invalid(what, `${field}[${i}]`, `${JSON.stringify(id)} is listed twice`);
    seen.add(id);
    return id;
  });
}

/** Refuses a missing member or one beyond `allowed`: the body is the whole object, and a misspelt member would be lost silently. */
export function checkMembers(body: Record<string, unknown>, allowed: readonly string[], what: string, prefix = ''): void {
  const fieldOf = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
  for (const name of allowed) if (!Object.hasOwn(body, name)) throw invalid(what, fieldOf(name), 'is required');
  const extra = Object.keys(body).find((name) => !allowed.includes(name));
  if (extra !== undefined) throw invalid(what, fieldOf(JSON.stringify(extra).slice(0, 100)), `is not a member (expected ${allowed.join(', ')})`);
}
