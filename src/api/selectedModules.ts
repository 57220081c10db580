import type { Kind } from './kind.ts';
import type { PublicProfile } from './profile.ts';

/** Ids of the modules the profile selects for an overlay kind, without empties or repeats. */
export function selectedModules(profile: Pick<PublicProfile, 'selected'>, kind: Kind): string[] {
  const { selected } = profile;
  const ids = kind === 'tool' ? selected.tools : [selected[kind]];
  return [...new Set(ids.filter((id) => typeof id === 'string' && id !== ''))];
}
