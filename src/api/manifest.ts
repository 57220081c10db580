import * as z from 'zod/mini';
import { ALERT_SECONDS_MAX } from './alerts.ts';
import { ConnectSchema } from './connectOrigin.ts';
import { KindSchema } from './kind.ts';
import { SettingsSchema } from './settings.ts';

/** `modules/<id>/module.json`: what a module declares about itself. */
export const ModuleManifestSchema = z.object({
  name: /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(200)),
  kind: KindSchema,
  /** Design size in CSS pixels; the host scales the frame to fit. @default 1920x1080 */
  width: z._default(/* @__PURE__ */ z.int().check(z.positive(), z.maximum(7680)), 1920),
  height: z._default(/* @__PURE__ */ z.int().check(z.positive(), z.maximum(4320)), 1080),
  /** Default place of the module's top left corner on the 1920x1080 canvas; its default box is this with its design size. @default {x: 0, y: 0} */
  position: z.optional(z.strictObject({ x: /* @__PURE__ */ z.int().check(z.minimum(-7680), z.maximum(7680)), y: /* @__PURE__ */ z.int().check(z.minimum(-7680), z.maximum(7680)) })),
  description: z.optional(z.string()),
  /** What the streamer may change from the dock; each name is one of the module's own keys. */
  settings: z.optional(SettingsSchema),
  /** Height of the module's panel (`panel.html`) in the dock, in CSS pixels. @default 200 */
  panelHeight: z.optional(/* @__PURE__ */ z.int().check(z.minimum(40), z.maximum(2000))),
  /** The module takes part in the alert queue (`Overlay.on('alert')`, docs/alerts-queue.md). @default false */
  alerts: z.optional(z.boolean()),
  /** How long one alert may show before it is taken as done, in seconds (ALERT_SECONDS_MAX at most). @default ALERT_SECONDS_DEFAULT (30) */
  alertSeconds: z.optional(/* @__PURE__ */ z.number().check(z.positive(), z.maximum(ALERT_SECONDS_MAX))),
  /** Origins the module may reach (fetch, WebSocket, images, media); nothing else. @default [] */
  connect: z.optional(ConnectSchema),
});
export type ModuleManifest = z.infer<typeof ModuleManifestSchema>;

/** A discovered module, as the runtime's catalog lists it. */
export interface ModuleEntry extends ModuleManifest {
  id: string;
  /** URL of the module page, relative to the site root. */
  url: string;
  /** URL of its control page (`panel.html`) for the dock, when it has one. */
  panel?: string;
}
