/**
 * Names the scaffold refuses before writing anything: fields the generated code or the model layer
 * already uses, Object.prototype's names, words JavaScript reserves, and resources the app or the
 * language already defines.
 */
import { RESERVED_ATTRIBUTES } from '@/server/model';

/**
 * Names the generated code already uses (columns, associations, index and body parameters), and
 * the record API the model layer reserves (its own list, so the two cannot drift).
 */
export const RESERVED_FIELDS = new Set([
  ...RESERVED_ATTRIBUTES,
  'id',
  'team',
  'teamId',
  'createdBy',
  'createdById',
  'creator',
  'createdAt',
  'updatedAt',
  'prototype',
  'data',
  'page',
  'perPage',
  'sort',
  'filter',
  'scopes',
  // The form's own variables and imports (templates/scaffold/Form.tsx.tmpl): a field's state variable takes its name.
  'nextRouter',
  'listUrl',
  'createMutation',
  'updateMutation',
  'isSaving',
  'saveError',
  'fieldErrors',
  'formRef',
  'handleSubmit',
  'formEvent',
  'useRouter',
  'useState',
  'useFocusFirstInvalid',
  'localDateTimeInput',
  'recordLabel',
  'fieldErrorProps',
  'ConfirmButton',
]);
/**
 * `toString`, `valueOf`, `constructor`...: the codegen and the model layer keep fields as keys of plain
 * objects, where these names are taken by every object.
 */
export const OBJECT_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
/**
 * Whether `name` cannot be declared as a variable in the generated code (strict mode, inside async
 * functions): `class`, `enum`, `let`, `static`, `await`, `yield`, `eval`, `arguments`... Asked of the
 * JavaScript engine itself instead of a hand-kept list. `name` is a checked identifier (letters and digits).
 */
export function isReservedWord(name: string): boolean {
  try {
    // Nothing runs: the engine only parses the declaration (and throws a SyntaxError if it cannot).
    new Function(`'use strict'; return async () => { let ${name}; };`);
    return false;
  } catch {
    return true;
  }
}
/** Names the app or JavaScript already gives a meaning: a resource named so would shadow or collide. */
export const RESERVED_RESOURCES = new Set([
  'Team',
  'User',
  'Membership',
  'Member',
  'Invitation',
  'Session',
  'Account',
  'Verification',
  'Asset',
  'Attachment',
  'Upload',
  'Model',
  'Controller',
  'Record',
  'Error',
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Date',
  'Map',
  'Set',
  'Promise',
  'Function',
  'Symbol',
  'JSON',
  'Math',
  'Request',
  'Response',
  'Headers',
  // The form takes the record as a prop named after the resource (`<ProductForm product={...}>`): React keeps
  // `key` and `ref` for itself, and `teamId` is the form's other prop.
  'Key',
  'Ref',
  'TeamId',
]);
