import { signal } from '@preact/signals';
import type { ModuleHost, ModuleState } from '../host/index.ts';

/** The mounted modules and their lifecycle, as the host reports them. */
export class ModuleListModel {
  readonly modules = signal<readonly ModuleState[]>([], { name: 'modules.states' });

  /** Follows a host's states; returns the function that stops following. */
  watch(host: Pick<ModuleHost, 'states' | 'onState'>): () => void {
    this.read(host);
    return host.onState(() => this.read(host));
  }

  /** Re-reads every state (an unmount reports none of its own). */
  read(host: Pick<ModuleHost, 'states'>): void {
    this.modules.value = host.states().map((state) => ({ ...state }));
  }
}
