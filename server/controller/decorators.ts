/**
 * The decorators of the spec. Each one only records metadata; nothing runs
 * until `buildRouter()` compiles the class. Legacy (experimentalDecorators)
 * semantics: class decorators apply bottom-up, so `@scope` prepends and the
 * topmost `@scope` in the source becomes the outermost URL segment.
 */
import {
  type ActionFilter,
  type ActionOptions,
  type ControllerDocs,
  type CrudConfig,
  type ErrorClass,
  type HookOptions,
  type HttpMethod,
  type MutationOptions,
  ownMetadata,
  type SingletonConfig,
} from './metadata';
import type { ModelLike } from './types';

type ClassDecorator = (target: abstract new (...args: never[]) => unknown) => void;
type MethodDecorator = (target: object, propertyKey: string | symbol, descriptor?: PropertyDescriptor) => void;

function methodName(propertyKey: string | symbol): string {
  if (typeof propertyKey !== 'string') throw new Error('Controller decorators need string method names');
  return propertyKey;
}

/** Marks a controller; `path` overrides the path inferred from the class name. */
export function controller(path?: string): ClassDecorator {
  return (target) => {
    ownMetadata(target).path = path;
  };
}

/** Documents the controller in the OpenAPI description (tag, description, texts of CRUD actions). */
export function apiDoc(docs: ControllerDocs): ClassDecorator {
  return (target) => {
    ownMetadata(target).docs = docs;
  };
}

/** Attaches a model and the CRUD configuration (index/get/create/update/destroy). */
export function crud<Ctx = unknown>(model: ModelLike, config: CrudConfig<Ctx> = {}): ClassDecorator {
  return (target) => {
    ownMetadata(target).resource = { kind: 'crud', model, config: config as CrudConfig };
  };
}

/** A one-per-parent resource found by `config.findBy(context, params)`. */
export function singleton<Ctx = unknown>(model: ModelLike, config: SingletonConfig<Ctx>): ClassDecorator {
  return (target) => {
    ownMetadata(target).resource = { kind: 'singleton', model, config: config as SingletonConfig };
  };
}

/** URL nesting and automatic filtering by `field` (e.g. `teamId` -> `/teams/:teamId`). Repeatable. */
export function scope(field: string): ClassDecorator {
  return (target) => {
    ownMetadata(target).scopes.unshift(field);
  };
}

/** A record-level (or, with `bulk`, many-record) state change: `POST .../:id/<name>`. */
export function mutation(options: MutationOptions = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).methods.push({ kind: 'mutation', name: methodName(key), options });
  };
}

/** A custom endpoint: `@action('GET')`, `@action('POST', '/path')`, `@action('GET', undefined, { load: true })`. */
export function action(httpMethod: HttpMethod, path?: string, options: ActionOptions = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).methods.push({ kind: 'action', name: methodName(key), httpMethod, path, options });
  };
}

/** Runs the method before the action (after the record is loaded). */
export function before(options: HookOptions = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).before.push({ name: methodName(key), options });
  };
}

/** Runs the method after the action; it receives the action's result. */
export function after(options: HookOptions = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).after.push({ name: methodName(key), options });
  };
}

/** Handles errors of `errorClass`: throw to convert, return a value to answer with it. */
export function rescue(errorClass: ErrorClass, options: ActionFilter = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).rescues.push({ name: methodName(key), errorClass, options });
  };
}
