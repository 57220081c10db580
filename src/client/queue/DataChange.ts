import type { Json } from '../../api/index.ts';

/** A write to (moduleId, name) by module `from`. */
export interface DataChange {
  moduleId: string;
  name: string;
  value: Json;
  from: string;
  /** True when the write was made elsewhere: another tab of this overlay, or (live sync) another client. */
  remote?: boolean;
}
