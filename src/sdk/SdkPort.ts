/** The port the SDK talks on; a MessagePort in the browser. */
export interface SdkPort {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}
