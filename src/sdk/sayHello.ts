import type { Clock } from '../api/Clock.ts';
import type { SdkPort } from './SdkPort.ts';

/** Where the SDK says hello (the parent window) and where the welcome arrives (its own window). */
export interface HelloWindows {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  self: {
    addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
    removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  };
}

export interface HelloOptions extends HelloWindows {
  instance: string;
  /** Random per page load: the host ignores repeats of a session it welcomed. */
  session: string;
  timers: Clock;
}

/**
 * Says hello to the parent until the welcome comes back with a port. Only a
 * welcome from the parent window naming our instance counts: a sibling frame
 * could post to this window, but it cannot pose as the parent.
 */
export function sayHello(options: HelloOptions): Promise<SdkPort> {
  const { parent, self, instance, session, timers } = options;
  return new Promise((resolve) => {
    let timer: unknown;
    let delay = 50;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { v?: unknown; k?: unknown; instance?: unknown } | null;
      const port = event.ports?.[0];
      if (event.source !== parent || data?.k !== 'welcome' || data.v !== 1 || data.instance !== instance || !port) {
        return;
      }
      timers.clearTimeout(timer);
      self.removeEventListener('message', onMessage);
      resolve(port);
    };
    const send = () => {
      parent.postMessage({ v: 1, k: 'hello', instance, session }, '*');
      timer = timers.setTimeout(send, delay);
      delay = Math.min(delay * 2, 1000);
    };
    self.addEventListener('message', onMessage);
    send();
  });
}
