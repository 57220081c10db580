/** The fields of a zod issue that a plain-words message needs (zod/mini ships no messages). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  origin?: string;
  keys?: readonly string[];
  options?: readonly unknown[];
  values?: readonly unknown[];
  /** Inner issues, e.g. of a record key. */
  issues?: readonly SchemaIssue[];
}

/**
 * `path: reason` in plain words, e.g. `settings.goal.step: must be more than 0`.
 * zod/mini says "Invalid input" for everything, which tells an author nothing.
 */
export function describeSchemaIssue(issue: SchemaIssue, root = 'manifest'): string {
  const path = issue.path.map(String).join('.') || root;
  return `${path}: ${reason(issue)}`;
}

function reason(issue: SchemaIssue): string {
  const sized = issue.origin === 'string' || issue.origin === 'array';
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}`;
    case 'too_small':
      if (sized) return `must have at least ${String(issue.minimum)}${unit}`;
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`;
    case 'too_big':
      if (sized) return `must have at most ${String(issue.maximum)}${unit}`;
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys && issue.keys.length > 1 ? 's' : ''} ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}`;
    case 'invalid_union':
      return issue.options ? `must be one of ${issue.options.map(String).join(', ')}` : 'matches none of the allowed shapes';
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_key':
      return `name ${issue.issues?.[0] ? reason(issue.issues[0]) : 'is invalid'}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `invalid (${issue.code})`;
  }
}
