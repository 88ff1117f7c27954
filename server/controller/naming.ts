/**
 * Naming rules of the controller framework: URL paths from class, scope-field
 * and method names, tRPC procedure keys and generated client names.
 *
 * Pure functions over strings. Inflection comes from `pluralize` and word
 * splitting from `change-case` (acronyms such as `APIKey` -> `api-key`), never
 * from hand-written rules. To teach the app an irregular or uncountable word,
 * call `pluralize.addIrregularRule()` / `addUncountableRule()` at start-up,
 * before the controllers are imported.
 */
import { camelCase, kebabCase } from 'change-case';
import pluralize from 'pluralize';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A static URL segment an explicit `@action` path may contain. */
const STATIC_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;

/** `team-setting` -> `team-settings`: only the last word is pluralised. */
function pluralizeLastWord(kebab: string): string {
  const words = kebab.split('-');
  const last = words.pop() ?? '';
  return [...words, pluralize(last)].join('-');
}

/**
 * `PostController` -> `/posts`, `APIKeyController` -> `/api-keys`,
 * `PersonController` -> `/people`. Give `@controller(path)` an explicit path
 * when inference picks a word you do not want.
 */
export function inferResourcePath(className: string): string {
  const base = className.replace(/Controller$/, '');
  if (!base || !IDENTIFIER.test(base)) {
    throw new Error(
      `Cannot infer a resource path from class name "${className}": name the class like "PostController" or pass an explicit path to @controller('/posts').`,
    );
  }
  return `/${pluralizeLastWord(kebabCase(base))}`;
}

/** `@scope('teamId')` -> `/teams/:teamId`; `organizationUnitId` -> `/organization-units/:organizationUnitId`. */
export function scopeSegment(field: string): string {
  const match = /^([A-Za-z][A-Za-z0-9]*)Id$/.exec(field);
  if (!match?.[1]) {
    throw new Error(
      `@scope('${field}'): a scope field must be a camelCase column name ending in "Id" (e.g. 'teamId' -> /teams/:teamId), so the URL segment can be derived from it.`,
    );
  }
  return `/${pluralizeLastWord(kebabCase(match[1]))}/:${field}`;
}

/** Method name -> URL segment: `bulkArchive` -> `bulk-archive`. */
export function methodSegment(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(`Cannot derive a URL segment from method name "${name}": expected a JavaScript identifier.`);
  }
  return kebabCase(name);
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= segments.length && prefix.every((s, i) => segments[i] === s);
}

/**
 * Resolve an explicit `@action(method, path)` against the controller's
 * resource path. Relative (`'presign'`, `'/presign'`) and repeated forms
 * (`'/uploads/presign'`, `'/teams/:teamId/uploads/presign'`) all give
 * `'presign'`, so both styles reach `POST <scope_prefix>/uploads/presign`.
 * The repeated form may start at any static suffix of the resource path.
 * Explicit paths may not declare their own params: use `load: true` for `:id`.
 */
export function normalizeExplicitPath(resourcePath: string, explicit: string): string {
  const fail = (why: string): never => {
    throw new Error(`Explicit action path '${explicit}' on '${resourcePath}': ${why}`);
  };
  if (/\/\/|[?#\s\\]/.test(explicit)) fail('use a plain path such as "/presign" (no "//", query, fragment or spaces).');
  let segments = segmentsOf(explicit);
  if (segments.length === 0) fail('the path is empty; leave it out to use the method name as the segment.');

  const resource = segmentsOf(resourcePath);
  for (let start = 0; start < resource.length; start++) {
    const suffix = resource.slice(start);
    if (suffix[0]?.startsWith(':')) continue;
    if (startsWith(segments, suffix)) {
      segments = segments.slice(suffix.length);
      break;
    }
  }
  if (segments.length === 0) fail('it names the controller path itself, which belongs to index/create.');
  for (const segment of segments) {
    if (segment.includes(':')) {
      fail('params are not allowed in explicit paths; use load: true for a :id route, @scope for parents.');
    }
    if (!STATIC_SEGMENT.test(segment) || segment === '.' || segment === '..') {
      fail(`segment "${segment}" is not a plain URL segment.`);
    }
  }
  return segments.join('/');
}

function upperFirst(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Generated client name of a custom action or mutation (not default CRUD).
 * Queries get `index` unless the name already starts with `index` or `get` at
 * a word boundary (`indexKeypoints`, `getSummary`, but `indexer` ->
 * `indexIndexer`). Mutations always get `mutate` (`publish` -> `mutatePublish`).
 */
export function clientName(name: string, kind: 'query' | 'mutation'): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(`Cannot derive a client name from "${name}": expected a JavaScript identifier.`);
  }
  if (kind === 'mutation') return `mutate${upperFirst(name)}`;
  if (/^(index|get)([A-Z]|$)/.test(name)) return name;
  return `index${upperFirst(name)}`;
}

/** tRPC key of a resource path: `/teams/:teamId/api-keys` -> `['teams', 'apiKeys']`. */
export function procedurePath(resourcePath: string): string[] {
  return segmentsOf(resourcePath)
    .filter((segment) => !segment.startsWith(':'))
    .map((segment) => camelCase(segment));
}
