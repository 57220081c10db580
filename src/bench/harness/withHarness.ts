import type { BenchContext } from '../BenchContext.ts';
import { type HarnessSession, type OpenHarnessOptions, openHarness } from './openHarness.ts';
import type { HarnessServer } from './startHarnessServer.ts';

/**
 * Opens the harness page on the run's harness server, in a fresh browser
 * context, for `use`; closes it after, however `use` ends. The setup every
 * figure that measures the queue in the harness page shares.
 */
export async function withHarness<T>(
  context: BenchContext,
  options: OpenHarnessOptions,
  use: (session: HarnessSession, server: HarnessServer) => Promise<T>,
): Promise<T> {
  const server = await context.harnessServer();
  const session = await openHarness(await context.newBrowserContext(), server, options);
  try {
    return await use(session, server);
  } finally {
    await session.close();
  }
}
