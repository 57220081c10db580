type Listener = (event: unknown) => void;

/** Just enough of a window for the host: listeners, postMessage, parent. */
export class FakeWindow {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly posted: { message: unknown; options: unknown }[] = [];

  /** Reports each observed element's client size when observed and at every `dispatch('resize')`. */
  readonly ResizeObserver = fakeResizeObserver(this);

  constructor(readonly parent: FakeWindow | null = null) {}

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  postMessage(message: unknown, options: unknown): void {
    this.posted.push({ message, options });
  }

  dispatch(type: string, event: unknown = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Just enough of an element: attributes, style, children; an iframe gets a window once attached. */
export class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly style: Record<string, string> = {};
  readonly dataset: Record<string, string> = {};
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  contentWindow: FakeWindow | null = null;
  title = '';
  src = '';
  clientWidth = 0;
  clientHeight = 0;

  constructor(
    readonly tagName: string,
    readonly ownerDocument: FakeDocument,
  ) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  append(child: FakeElement): void {
    child.parent = this;
    this.children.push(child);
    if (child.tagName === 'iframe') child.contentWindow = new FakeWindow(this.ownerDocument.defaultView);
  }

  remove(): void {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
    this.contentWindow = null;
  }
}

export class FakeDocument {
  readonly defaultView = new FakeWindow();
  readonly baseURI = 'http://127.0.0.1:5173/?token=secret-token&kind=tool';

  createElement(tagName: string): FakeElement {
    return new FakeElement(tagName, this);
  }
}

type ResizeCallback = (entries: { contentRect: { x: number; y: number; width: number; height: number } }[]) => void;

function fakeResizeObserver(window: FakeWindow) {
  return class {
    private readonly reports = new Set<Listener>();

    constructor(private readonly callback: ResizeCallback) {}

    observe(element: FakeElement): void {
      const report = () => this.callback([{ contentRect: { x: 0, y: 0, width: element.clientWidth, height: element.clientHeight } }]);
      this.reports.add(report);
      window.addEventListener('resize', report);
      report();
    }

    disconnect(): void {
      for (const report of this.reports) window.removeEventListener('resize', report);
      this.reports.clear();
    }
  };
}
