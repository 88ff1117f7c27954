/**
 * The names a scaffold derives from `<Name>`: the table, the URL segment, the
 * labels and the variables, split and pluralised as the controller framework
 * does it, so they agree with the path it infers from the class name. Where
 * pluralize cannot tell (`Canvas`, `News`), the user names the plural with
 * `--plural` and the generated controller gives its path.
 */
import { camelCase, kebabCase } from 'change-case';
import pluralize from 'pluralize';
import { inferResourcePath } from '@/server/controller';
import { GeneratorError } from './generatorError';
import { isReservedWord, OBJECT_NAMES, RESERVED_RESOURCES } from './reservedNames';
import { fieldWords, lowerWords, words } from './words';

export interface ResourceName {
  /** PascalCase singular: `Product`. */
  name: string;
  /** `products` (table, URL segment, page folder). */
  plural: string;
  /** `Products` (labels). */
  pluralTitle: string;
  /** `product` (variables). */
  camel: string;
  /** `products` in camelCase for the table variable (`lineItems`). */
  pluralCamel: string;
  table: string;
  /**
   * `Canvases` from `--plural Canvases`, when it differs from the plural the controller framework infers
   * from the class name (`CanvasController` -> `/canvas`): the controller then names its path.
   */
  pluralName?: string;
}

/**
 * The name's words as the controller framework splits them (server/controller/naming.ts, change-case):
 * `IPAddress` -> `ip-address`, `SKU` -> `sku`, `LineItem` -> `line-item`; only the last word is pluralised,
 * so the pages, the table, the typed client's keys and the API's path all agree.
 */
const pluralKebab = (name: string) => inferResourcePath(name).slice(1);
/**
 * `IP addresses`, `SKUs`, `Line items`: the name's own words in sentence case (acronyms kept), the last one
 * pluralised, as the app's own titles read ("API keys").
 */
function pluralTitleOf(name: string, plural: string): string {
  const parts = lowerWords(words(name)).split(' ');
  const last = plural.split('-').at(-1) ?? '';
  const lastWord = parts.pop() ?? '';
  // An acronym keeps its capitals and takes a lower-case s (`SKUs`); a word takes pluralize's form.
  const pluralLast = /^[A-Z0-9]{2,}$/.test(lastWord)
    ? `${lastWord}${last.slice(lastWord.length)}`
    : `${lastWord.charAt(0)}${last.slice(1)}`;
  const title = [...parts, pluralLast].join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}
/** Whether the name's last word is a plural: its plural is itself and its singular another word (`Products`, `Canvas`). */
function looksPlural(name: string): boolean {
  const last = kebabCase(name).split('-').at(-1) ?? '';
  return pluralize.plural(last) === last && pluralize.singular(last) !== last;
}
/** `Canvases` from `Canvas`: the usual plural of a singular word, for the message that asks for `--plural`. */
const suggestedPlural = (name: string) => (/(s|x|z|ch|sh)$/.test(name) ? `${name}es` : `${name}s`);

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The resource's names from `<Name>` and, when pluralize cannot tell (`Canvas` reads to it as the plural of
 * `canva`, `News` as its own plural), the plural the user gives with `--plural`.
 */
export function parseResourceName(name: string | undefined, pluralName?: string): ResourceName {
  if (!name) throw new GeneratorError('scaffold: name the resource, e.g. `scaffold Product name:string`');
  if (!PASCAL_CASE.test(name))
    throw new GeneratorError(`scaffold: "${name}" is not a PascalCase name (like Product or LineItem)`);
  if (pluralName !== undefined && !PASCAL_CASE.test(pluralName))
    throw new GeneratorError(`scaffold: --plural "${pluralName}" is not a PascalCase name (like Canvases)`);
  // pluralize reads `Canvas` exactly as it reads `Products` (the plural of a word without the s): only the user knows.
  if (pluralName === undefined && looksPlural(name))
    throw new GeneratorError(
      `scaffold: "${name}" looks plural; name the resource in the singular (${pluralize.singular(name)}). ` +
        `If "${name}" is one thing all the same (pluralize, which names the table, the API path and the client, ` +
        `reads it as a plural), give its plural: --plural ${suggestedPlural(name)}`,
    );
  if (RESERVED_RESOURCES.has(name) || name.endsWith('Controller'))
    throw new GeneratorError(
      `scaffold: "${name}" is reserved (the app or JavaScript already uses it); pick another name`,
    );
  const inferred = pluralKebab(name);
  const plural = pluralName === undefined ? inferred : kebabCase(pluralName);
  // The generated code declares one record and the list as variables (`const product`, `products`).
  if (plural === kebabCase(name))
    throw new GeneratorError(
      `scaffold: "${name}" is its own plural, so one record and the list would have the same name in the generated code; ` +
        'pick a name with a distinct plural, or give the list a name of its own with --plural (News --plural NewsItems)',
    );
  // `index.ts` holds each folder's list (db/models/index.ts): `Index.ts` differs only in case, one file on macOS and Windows.
  if (name === 'Index')
    throw new GeneratorError(
      'scaffold: "Index" would write db/models/Index.ts beside db/models/index.ts (the same file where case does not count); pick another name',
    );
  for (const variable of [camelCase(name), camelCase(plural)]) {
    if (OBJECT_NAMES.has(variable))
      throw new GeneratorError(
        `scaffold: "${name}" gives the variable name "${variable}", a name every JavaScript object has; pick another name`,
      );
    if (isReservedWord(variable))
      throw new GeneratorError(
        `scaffold: "${name}" gives the variable name "${variable}", a JavaScript reserved word; pick another name`,
      );
  }
  return {
    name,
    plural,
    pluralTitle: pluralName === undefined ? pluralTitleOf(name, plural) : fieldWords(pluralName),
    camel: camelCase(name),
    pluralCamel: camelCase(plural),
    table: plural.replace(/-/g, '_'),
    // Kept only where it changes something: the same plural as the framework's needs no path of its own.
    ...(plural === inferred ? {} : { pluralName }),
  };
}
