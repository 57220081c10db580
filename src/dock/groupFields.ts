/** A run of the form: one setting outside any group, or every setting of one group. */
export type FormPart<F> = { group: null; fields: [F] } | { group: string; fields: F[] };

/**
 * The settings in the manifest's order, each group gathered where its first
 * setting stands, so that a group split by other settings is still one section.
 */
export function groupFields<F extends { setting: { group?: string } }>(fields: readonly F[]): FormPart<F>[] {
  const parts: FormPart<F>[] = [];
  const groups = new Map<string, F[]>();
  for (const field of fields) {
    const name = field.setting.group;
    if (name === undefined) {
      parts.push({ group: null, fields: [field] });
      continue;
    }
    const members = groups.get(name);
    if (members) members.push(field);
    else {
      const fresh = [field];
      groups.set(name, fresh);
      parts.push({ group: name, fields: fresh });
    }
  }
  return parts;
}
