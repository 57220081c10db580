import { type Json, resolveKey } from '../../api/index.ts';
import type { DataChange, ModuleData, SyncStatus } from '../../client/index.ts';

/** An in-memory ModuleData for tests; `hang` makes every call wait forever. */
export class FakeModuleData implements ModuleData {
  readonly values = new Map<string, Json>();
  readonly calls: { op: 'get' | 'set'; ownId: string; key: string; value?: Json }[] = [];
  hang = false;
  fail: Error | null = null;
  private readonly changeListeners = new Set<(change: DataChange) => void>();
  private readonly statusListeners = new Set<(status: SyncStatus) => void>();
  current: SyncStatus = {
    state: 'online',
    online: true,
    pending: 0,
    oldestPendingAt: null,
    lastSyncAt: null,
    failed: [],
    storage: 'memory',
    live: 'connecting',
  };

  async get(ownId: string, key: string): Promise<Json | undefined> {
    this.calls.push({ op: 'get', ownId, key });
    await this.gate();
    const { moduleId, name } = resolveKey(ownId, key);
    return this.values.get(`${moduleId}/${name}`);
  }

  async set(ownId: string, key: string, value: Json): Promise<void> {
    this.calls.push({ op: 'set', ownId, key, value });
    await this.gate();
    const { moduleId, name } = resolveKey(ownId, key);
    this.values.set(`${moduleId}/${name}`, value);
    this.changed({ moduleId, name, value, from: ownId });
  }

  onChange(listener: (change: DataChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  onStatus(listener: (status: SyncStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  status(): SyncStatus {
    return this.current;
  }

  /** Reports a change as the write queue would (another tab, another module). */
  changed(change: DataChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  /** Reports a new status. */
  setStatus(status: Partial<SyncStatus>): void {
    this.current = { ...this.current, ...status };
    for (const listener of this.statusListeners) listener(this.current);
  }

  listenerCount(): number {
    return this.changeListeners.size + this.statusListeners.size;
  }

  private async gate(): Promise<void> {
    if (this.fail) throw this.fail;
    if (this.hang) await new Promise(() => {});
  }
}

