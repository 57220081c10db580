import { type Boxes, type Kind, type Layout, layoutPath, LayoutSchema } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { type ApiAnswer, type ApiSender, failureOf, isOk } from './createApiSender.ts';

/** A layout as the server holds it, with the `ETag` a write must match. */
export interface StoredLayout {
  layout: Layout;
  /** null when the server sent none: the next write then goes without `If-Match`. */
  etag: string | null;
}

/** A write's outcome: stored, or refused because the layout changed since `etag` (412). */
export type LayoutWrite = ({ ok: true } & StoredLayout) | { ok: false; conflict: true };

/** The layout calls of the home page (docs/home.md, "Layout"). */
export interface LayoutCalls {
  /** `GET /me/layout/<kind>`. */
  get(kind: Kind): Promise<StoredLayout>;
  /** `PUT /me/layout/<kind>` with `If-Match: <etag>`; any other failure rejects with an `ApiError`. */
  put(kind: Kind, boxes: Boxes, etag: string | null): Promise<LayoutWrite>;
}

/** The layout calls over a sender. */
export function createLayoutCalls(sender: ApiSender): LayoutCalls {
  return {
    get: async (kind) => storedLayout(await sender.ok('GET', layoutPath(kind), { needsToken: true })),
    async put(kind, boxes, etag) {
      const answer = await sender.send('PUT', layoutPath(kind), { body: { boxes }, ifMatch: etag, needsToken: true });
      if (answer.status === 412) return { ok: false, conflict: true };
      if (!isOk(answer)) throw failureOf(answer);
      return { ok: true, ...storedLayout(answer) };
    },
  };
}

function storedLayout(answer: ApiAnswer): StoredLayout {
  const parsed = LayoutSchema.safeParse(answer.body);
  if (!parsed.success) throw new ApiError('UNAVAILABLE', 'The API answered with an unexpected layout', answer.status);
  return { layout: parsed.data, etag: answer.etag };
}
