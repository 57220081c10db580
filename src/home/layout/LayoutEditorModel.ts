import { computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import { BOX_LIMITS, type Box, type Boxes, boxOf, type Kind, type PublicProfile, selectedModules } from '../../api/index.ts';
import type { LayoutCalls } from '../../client/index.ts';
import { fitBox, sizeForHeight, sizeForWidth } from './fitBox.ts';
import { KindLayout } from './KindLayout.ts';
import { keyboardStep } from './keyboardStep.ts';
import type { Guide } from './snapBox.ts';

/** What the editor needs of an installed module (its manifest, with its id). */
export interface LayoutModule {
  id: string;
  name: string;
  kind: Kind;
  width: number;
  height: number;
  position?: { x: number; y: number } | undefined;
}

export type BoxField = 'x' | 'y' | 'width' | 'height';

export interface LayoutEditorOptions {
  client: LayoutCalls;
  /** The streamer's profile (its `selected` modules, its user); null until it is read. */
  profile: ReadonlySignal<(Pick<PublicProfile, 'selected'> & { user?: { userId: string } }) | null | undefined>;
  /** The installed modules. */
  catalog: ReadonlySignal<readonly LayoutModule[]>;
  /** The kind shown first. @default 'tool' */
  kind?: Kind;
}

/**
 * The layout editor's view model: the kind on show, its modules in stacking order,
 * the box being edited, a drag's preview, and each kind's stored layout.
 */
export class LayoutEditorModel {
  readonly kind: ReadonlySignal<Kind>;
  /** The selected modules of the kind on show, installed ones only, bottom first (the last tool on top). */
  readonly modules: ReadonlySignal<LayoutModule[]>;
  readonly layout: ReadonlySignal<KindLayout>;
  /** The box the fields edit: the one focused last. */
  readonly current: ReadonlySignal<LayoutModule | null>;
  /** A box being dragged, shown but not yet stored, and the lines it snapped to. */
  readonly draft = signal<{ id: string; box: Box; guides: Guide[] } | null>(null, { name: 'layout.draft' });
  readonly #kind: Signal<Kind>;
  readonly #currentId = signal<string | null>(null, { name: 'layout.currentId' });
  readonly #layouts = new Map<Kind, KindLayout>();
  readonly #client: LayoutCalls;
  /** Whose layouts `#layouts` holds: another user signing in in this tab starts afresh. */
  #owner: string | undefined;

  constructor(options: LayoutEditorOptions) {
    const { client, profile, catalog, kind = 'tool' } = options;
    this.#client = client;
    this.#kind = signal<Kind>(kind, { name: 'layout.kind' });
    this.kind = this.#kind;
    this.layout = computed(() => {
      const owner = profile.value?.user?.userId;
      if (owner !== this.#owner) {
        this.#owner = owner;
        this.#layouts.clear();
      }
      return this.#layoutOf(this.#kind.value);
    });
    this.modules = computed(() => {
      const chosen = profile.value;
      if (!chosen) return [];
      const byId = new Map(catalog.value.map((module) => [module.id, module]));
      return selectedModules(chosen, this.#kind.value).flatMap((id) => byId.get(id) ?? []);
    });
    this.current = computed(() => this.modules.value.find((module) => module.id === this.#currentId.value) ?? null);
  }

  selectKind(kind: Kind): void {
    this.draft.value = null;
    this.#currentId.value = null;
    this.#kind.value = kind;
  }

  /** Makes `id` the box the fields edit. */
  focus(id: string): void {
    this.#currentId.value = id;
  }

  /** Where `module` is shown: a drag's preview, else its stored box, else its default one. */
  boxOf(module: LayoutModule): Box {
    const draft = this.draft.value;
    if (draft?.id === module.id) return draft.box;
    return boxOf(this.layout.value.boxes.value, module);
  }

  /** Moves a box by an arrow key's step; false for a key that moves nothing. */
  step(module: LayoutModule, key: string, shiftKey: boolean): boolean {
    const step = keyboardStep(key, shiftKey);
    if (!step) return false;
    const box = this.boxOf(module);
    this.place(module, { ...box, x: box.x + step.dx, y: box.y + step.dy });
    return true;
  }

  /** Sets one field of a box; the width and height follow each other to keep the design aspect. */
  setField(module: LayoutModule, field: BoxField, value: number): void {
    const box = this.boxOf(module);
    const aspect = aspectOf(module);
    if (field === 'width') this.place(module, { ...box, ...sizeForWidth(value, aspect) }, `${module.id}.${field}`);
    else if (field === 'height') this.place(module, { ...box, ...sizeForHeight(value, aspect) }, `${module.id}.${field}`);
    else this.place(module, { ...box, [field]: value }, `${module.id}.${field}`);
  }

  /** Shows a box where a drag has it, without storing it yet. */
  preview(module: LayoutModule, box: Box, guides: Guide[]): void {
    this.draft.value = { id: module.id, box, guides };
  }

  /** Ends a drag: stores where it left the box, or (`keep` false) puts the box back. */
  endPreview(keep: boolean): void {
    const draft = this.draft.peek();
    this.draft.value = null;
    const module = draft && this.modules.peek().find((candidate) => candidate.id === draft.id);
    if (!keep || !module) return;
    const stored = boxOf(this.layout.peek().boxes.peek(), module);
    if (!sameBox(stored, draft.box)) this.place(module, draft.box);
  }

  /** Drops the stored box: the module goes back to its default box (manifest position, design size). */
  reset(module: LayoutModule): void {
    const layout = this.layout.peek();
    const boxes = layout.boxes.peek();
    if (!Object.hasOwn(boxes, module.id)) return;
    const { [module.id]: _dropped, ...rest } = boxes;
    layout.change(rest);
  }

  /** Reads the layout on show again, unless a change of it waits to be stored. */
  refresh(): void {
    if (this.#layouts.has(this.#kind.peek())) void this.layout.peek().refresh();
  }

  /** Takes back the last change of the kind on show. */
  undo(): boolean {
    this.draft.value = null;
    return this.layout.peek().undo();
  }

  /** Stores `box` (made storable) for `module`, making room when the kind holds too many boxes. */
  place(module: LayoutModule, box: Box, mergeKey?: string): void {
    const layout = this.layout.peek();
    const next: Boxes = { ...layout.boxes.peek(), [module.id]: fitBox(box, aspectOf(module)) };
    layout.change(withinLimit(next, new Set(this.modules.peek().map((shown) => shown.id))), mergeKey);
  }

  /** A kind's layout, read from the server the first time it is shown (not before: four reads for one). */
  #layoutOf(kind: Kind): KindLayout {
    let layout = this.#layouts.get(kind);
    if (!layout) {
      layout = new KindLayout(kind, this.#client);
      this.#layouts.set(kind, layout);
      void layout.load();
    }
    return layout;
  }
}

/** A module's design width / height, the aspect its box keeps. */
export function aspectOf(module: Pick<LayoutModule, 'width' | 'height'>): number {
  return module.width / module.height;
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** The server keeps at most BOX_LIMITS.maxBoxes per kind: past it, boxes of modules not shown go first. */
function withinLimit(boxes: Boxes, shown: Set<string>): Boxes {
  const ids = Object.keys(boxes);
  if (ids.length <= BOX_LIMITS.maxBoxes) return boxes;
  const spare = ids.filter((id) => !shown.has(id)).slice(0, ids.length - BOX_LIMITS.maxBoxes);
  return Object.fromEntries(Object.entries(boxes).filter(([id]) => !spare.includes(id)));
}
