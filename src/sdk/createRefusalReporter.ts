/** A request the page's policy refused, as the SDK tells the host. */
export interface RefusalReport {
  directive: string;
  url: string;
}

/** Distinct refusals told per page load: a module that retries forever must not flood its own port. */
export const MAX_REFUSALS_TOLD = 20;

/**
 * Tells each refusal once per directive and origin (200 refused sockets to one
 * host are one report), at most `MAX_REFUSALS_TOLD` per page load.
 */
export function createRefusalReporter(tell: (report: RefusalReport) => void): (report: RefusalReport) => void {
  const told = new Set<string>();
  return ({ directive, url }) => {
    const key = `${directive} ${originOf(url)}`;
    if (told.has(key) || told.size >= MAX_REFUSALS_TOLD) return;
    told.add(key);
    tell({ directive: directive.slice(0, 64), url: url.slice(0, 2048) });
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url; // `inline`, `eval`: no URL
  }
}
