import * as z from 'zod/mini';
import { LiveAlertCommandSchema, LiveAlertsSchema } from '../../api/index.ts';

/**
 * The alert queue's news on the live socket (docs/alerts-queue.md): the streamer's
 * state (`alerts`), a command for what the pages hold (`alertCommand`), and each
 * `ready` (first connect or back after a loss: the state may have changed unseen,
 * so the page reads it again). The holder tab relays them to the other tabs.
 */
export const LiveAlertsNewsSchema = z.union([LiveAlertsSchema, LiveAlertCommandSchema, z.object({ type: z.literal('ready') })]);
export type LiveAlertsNews = z.infer<typeof LiveAlertsNewsSchema>;

/** Where the alert news of the page's live socket go. */
export type LiveAlertsHook = (news: LiveAlertsNews) => void;
