// The door of the alert queue: one queue per browser origin and user, shared by the pages with alert modules.
export type { AlertMember, AlertQueue, AlertQueueOptions, AlertQueueView, QueuedAlert } from './AlertQueue.ts';
export { createAlertQueue } from './createAlertQueue.ts';
export type { AlertDrain, AlertDrainOptions } from './measureAlertDrain.ts';
export { measureAlertDrain } from './measureAlertDrain.ts';
