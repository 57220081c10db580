import { get, set } from 'idb-keyval';
import { RAW_PORT_HELLO, SAMPLE_VALUE } from './HarnessApi.ts';
import type { rawStores } from './rawStores.ts';

/**
 * The raw baseline's host side: the probe frame sends a MessagePort; every
 * request on it is answered with a reply shaped like the bridge's, after an
 * idb-keyval `get` or `set` when asked. No validation, no dispatch table: the floor.
 */
export function answerRawPort(frameWindow: () => Window | null, stores: ReturnType<typeof rawStores>): void {
  window.addEventListener('message', (event) => {
    if (event.data !== RAW_PORT_HELLO || event.source !== frameWindow() || !event.ports[0]) return;
    const port = event.ports[0];
    port.onmessage = ({ data }: MessageEvent<{ id: number; m: string; p: { key: string; value?: unknown } }>) => {
      const reply = (r?: unknown) => port.postMessage({ k: 'res', id: data.id, ok: true, r });
      if (data.m === 'echo') reply(SAMPLE_VALUE);
      else if (data.m === 'get') get(data.p.key, stores.strict).then(reply);
      else set(data.p.key, data.p.value, data.m === 'set-strict' ? stores.strict : stores.relaxed).then(() => reply());
    };
  });
}
