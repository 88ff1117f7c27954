/**
 * `@crud` and `@singleton` bound to the app's context type once, as tRPC's
 * `initTRPC.context<Ctx>()` does: `autoSet` and `findBy` callbacks get the
 * context's type without annotations, and a controller whose context is
 * another type fails to compile.
 *
 * @example
 * ```ts
 * // controllers/decorators.ts
 * export const { crud, singleton } = decoratorsFor<AppContext>();
 *
 * // controllers/PostController.ts
 * @crud(Post, { create: { permit: ['title'], autoSet: { createdById: (ctx) => ctx.user?.id ?? null } } })
 * export class PostController extends ActiveController<AppContext, Post> {}
 * ```
 */
import { crud, type ResourceDecorator, singleton } from './decorators';
import type { CrudConfig, SingletonConfig } from './metadata';
import type { ModelLike } from './types';

export interface ContextDecorators<Ctx> {
  crud<M extends ModelLike, AutoSet extends string = never>(
    model: M,
    config?: CrudConfig<Ctx, M, AutoSet>,
  ): ResourceDecorator<M, Ctx>;
  singleton<M extends ModelLike>(model: M, config: SingletonConfig<Ctx, M>): ResourceDecorator<M, Ctx>;
}

export function decoratorsFor<Ctx>(): ContextDecorators<Ctx> {
  return {
    crud: (model, config = {}) => crud(model, config),
    singleton: (model, config) => singleton(model, config),
  };
}
