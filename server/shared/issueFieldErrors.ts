/**
 * Validation issues (zod's `error.issues`, typed structurally so this module
 * needs no zod at run time) as the `fields` of a 400 or 422 body:
 * `{ "data.name": ["can't be blank"] }`. Used by the controller input parser,
 * the model validations and the app's own route handlers, so every layer keys
 * and groups messages alike.
 */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface IssueFieldOptions<I extends IssueLike> {
  /** Key for an issue about the whole value (empty path), e.g. `input` or the attribute name. */
  whole: string;
  /** Prefix nested paths with `whole` (`name.0` for an attribute's array element). Default: false. */
  nested?: boolean;
  /** The message to store; default `issue.message`. */
  message?: (issue: I) => string;
}

export function issueFieldErrors<I extends IssueLike>(
  issues: readonly I[],
  { whole, nested = false, message = (issue) => issue.message }: IssueFieldOptions<I>,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const key = path === '' ? whole : nested ? `${whole}.${path}` : path;
    fields[key] = [...(fields[key] ?? []), message(issue)];
  }
  return fields;
}
