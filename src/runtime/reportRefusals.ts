import type { Refusal } from '../api/index.ts';
import type { OverlayModel } from './OverlayModel.ts';

/** Refused origins listed per module: the count comes from the module, which may tell any number. */
export const MAX_REFUSED_ORIGINS = 5;

/**
 * Turns the requests a module's page refused into the page's problems (the
 * debug panel's and the studio's list), one per module and origin, e.g.
 * `demo.tool.chat was refused https://cdn.example.com (connect-src): ...`.
 */
export function reportRefusals(model: Pick<OverlayModel, 'report'>): (moduleId: string, refusal: Refusal) => void {
  const seen = new Map<string, Set<string>>();
  return (moduleId, { directive, url }) => {
    const origin = originOf(url);
    const origins = seen.get(moduleId) ?? new Set<string>();
    if (origins.has(origin) || origins.size >= MAX_REFUSED_ORIGINS) return;
    origins.add(origin);
    seen.set(moduleId, origins);
    model.report(
      `refused:${moduleId}:${origin}`,
      `${moduleId} was refused ${origin} (${directive}): a module reaches only the origins in "connect" of its module.json, and the API only through the SDK`,
    );
  };
}

function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? url.slice(0, 100) : parsed.origin;
  } catch {
    return url.slice(0, 100) || 'a resource';
  }
}
