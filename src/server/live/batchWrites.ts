/**
 * Gathers the calls of one event-loop turn (the requests Node read in one
 * poll, usually one per busy connection) and hands them to `run` together, at
 * most `maxBatch` at a time, in the order they came. Each caller's promise
 * settles with its batch: all of a batch are applied or none is answered 200.
 */
export function batchWrites<T>(run: (items: T[]) => Promise<unknown>, maxBatch: number): (item: T) => Promise<void> {
  let pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const taken = pending;
    pending = [];
    for (let i = 0; i < taken.length; i += maxBatch) {
      const batch = taken.slice(i, i + maxBatch);
      run(batch.map(({ item }) => item)).then(
        () => {
          for (const { resolve } of batch) resolve();
        },
        (error: unknown) => {
          for (const { reject } of batch) reject(error);
        },
      );
    }
  };
  return (item) =>
    new Promise((resolve, reject) => {
      // setImmediate, not a microtask: it runs after every request of this poll has been read.
      if (pending.length === 0) setImmediate(flush);
      pending.push({ item, resolve, reject });
    });
}
