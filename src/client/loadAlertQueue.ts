import type { AlertQueue, AlertQueueOptions } from './alerts/index.ts';

/**
 * The alert queue's code, loaded on demand (a chunk of its own): only a page with
 * an alert module needs it. Through the door it would be part of what the overlay
 * page shares with the other pages, and load with every page.
 */
export async function loadAlertQueue(): Promise<(options: AlertQueueOptions) => AlertQueue> {
  return (await import('./alerts/index.ts')).createAlertQueue;
}
