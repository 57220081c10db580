/** Resolves with the data of the next message on `port`. */
export function nextMessage<T = Record<string, unknown>>(port: MessagePort): Promise<T> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      port.removeEventListener('message', listener);
      resolve(event.data as T);
    };
    port.addEventListener('message', listener);
    port.start();
  });
}

/** Collects every message arriving on `port`. */
export function collect(port: MessagePort): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  port.addEventListener('message', (event: MessageEvent) => seen.push(event.data));
  port.start();
  return seen;
}

/** Waits until `predicate` holds, polling on macrotasks (messages need them to arrive). */
export async function until(predicate: () => boolean, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('condition not reached');
}

/** Resolves with the next reply to request `id` on `port`, skipping events and pings. */
export function replyTo(port: MessagePort, id: number): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.data?.k !== 'res' || event.data.id !== id) return;
      port.removeEventListener('message', listener);
      resolve(event.data);
    };
    port.addEventListener('message', listener);
    port.start();
  });
}
