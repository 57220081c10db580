import type { Kind } from '../../api/index.ts';

/** The installed modules the server knows (`--modules <folder>`): each module id with its manifest's kind. */
export type ModuleCatalog = ReadonlyMap<string, Kind>;
