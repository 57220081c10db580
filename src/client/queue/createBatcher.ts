/**
 * Group commit: items added while a batch is being run wait and go together in
 * the next one, so a burst of writes costs a few IndexedDB transactions, not one
 * each. Each caller gets its own item's result once its batch is done.
 */
export function createBatcher<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await run(batch.map((job) => job.item));
        batch.forEach((job, i) => {
          job.resolve(results[i]);
        });
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running) return;
      running = true;
      // Items added in the same turn join the first batch.
      queueMicrotask(() => void drain());
    });
}
