import * as z from 'zod/mini';
import { KindSchema } from './kind.ts';

/** The canvas every overlay kind is laid out on, in CSS pixels (the page scales it to the browser source). */
export const CANVAS_WIDTH = 1920;
export const CANVAS_HEIGHT = 1080;

/** Bounds of a stored box (docs/server.md, "Layout"): generous enough for 8K canvases, small enough to stay sane. */
export const BOX_LIMITS = {
  minPosition: -7680,
  maxPosition: 7680,
  minSize: 16,
  maxSize: 7680,
  /** Boxes one kind's layout holds at most. */
  maxBoxes: 64,
} as const;

const position = /* @__PURE__ */ z.int().check(z.minimum(BOX_LIMITS.minPosition), z.maximum(BOX_LIMITS.maxPosition));
const size = /* @__PURE__ */ z.int().check(z.minimum(BOX_LIMITS.minSize), z.maximum(BOX_LIMITS.maxSize));

/** Where one module's frame sits on the canvas, in canvas pixels (other members of an answer are ignored). */
export const BoxSchema = z.object({ x: position, y: position, width: size, height: size });
export type Box = z.infer<typeof BoxSchema>;

/** The stored boxes of one kind, by module id; a module without one sits in its default box. */
export type Boxes = Record<string, Box>;

/**
 * A JSON object whose every member is a box. Checked by a function rather than with `z.record`,
 * whose code the overlay page needs nowhere else (docs/performance.md). Only answers are read with
 * it: the server checks a `PUT`'s boxes itself (`checkLayout`) and names the member at fault.
 */
export const BoxesSchema = z.looseObject({}).check(
  z.check((payload) => {
    if (!Object.values(payload.value).every((box) => BoxSchema.safeParse(box).success)) {
      payload.issues.push({ code: 'custom', message: 'must be an object of boxes by module id', input: payload.value });
    }
  }),
) as z.ZodMiniType<Boxes>;

/** `GET /me/layout/<kind>` and `PUT`'s answer: `boxes` holds the stored boxes only. */
export const LayoutSchema = z.object({
  kind: KindSchema,
  width: z.literal(CANVAS_WIDTH),
  height: z.literal(CANVAS_HEIGHT),
  boxes: BoxesSchema,
});
export type Layout = z.infer<typeof LayoutSchema>;

/** A module's default box: its manifest `position` (else the top left corner) with its design size. */
export function defaultBox(module: { width: number; height: number; position?: { x: number; y: number } | undefined }): Box {
  return { x: module.position?.x ?? 0, y: module.position?.y ?? 0, width: module.width, height: module.height };
}

/** Where a module sits: its stored box, else its default one. */
export function boxOf(boxes: Boxes | undefined, module: { id: string; width: number; height: number; position?: { x: number; y: number } | undefined }): Box {
  return (boxes && Object.hasOwn(boxes, module.id) ? boxes[module.id] : undefined) ?? defaultBox(module);
}
