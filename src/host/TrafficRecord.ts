import type { ErrorCode } from '../api/index.ts';

/** One answered request, for a developer studio's traffic log. */
export interface TrafficRecord {
  moduleId: string;
  /** The method as the module named it (unknown names included). */
  method: string;
  /** The key of a `db.get`/`db.set`, when the request had one. */
  key?: string;
  /** Time from arrival to answer, in ms of the host's clock. */
  ms: number;
  ok: boolean;
  /** The error code of a refused or failed call. */
  code?: ErrorCode;
}
