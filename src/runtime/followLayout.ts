import type { Kind, Layout } from '../api/index.ts';
import type { ApiClient, ApiError } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';

/** The overlay page's side of the layout: the stored boxes of its kind, read and followed. */
export interface LayoutFollower {
  /** Moves the frames to `layout`'s boxes, unless they are there already. */
  show(layout: Layout | undefined): void;
  /** Re-reads `GET /me/layout/<kind>` and shows it; an API without layouts (404) is never asked again. */
  read(): Promise<void>;
}

/**
 * Follows the layout of `kind`. Without a stored layout (or an API without
 * layouts, such as the hosted one) every module sits in its default box: never
 * a problem on stream. A failed read keeps the boxes shown; the next read tells.
 */
export function followLayout(client: Pick<ApiClient, 'layout'>, kind: Kind, host: Pick<ModuleHost, 'arrange'>): LayoutFollower {
  let shown = '{}';
  let missing = false;
  // A read that started before the latest news (or read) answers what is stale by now: it is dropped.
  let latest = 0;
  const show = (layout: Layout | undefined, asked = ++latest) => {
    const boxes = layout?.boxes ?? {};
    const next = JSON.stringify(boxes);
    if (asked !== latest || next === shown) return;
    shown = next;
    host.arrange(boxes);
  };
  const read = async () => {
    if (missing) return;
    const asked = ++latest;
    try {
      show(await client.layout(kind), asked);
    } catch (error) {
      // No layouts there (404): default boxes, never asked again. Unreachable or refused: the profile's
      // refresh reports that; the frames stay where they are.
      missing = (error as ApiError).status === 404;
    }
  };
  return { show, read };
}
