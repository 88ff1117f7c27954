/**
 * `@crud` and `@singleton` bound to this app's context once: their callbacks
 * (`autoSet`, `findBy`) get `AppContext` without annotations, and a
 * controller declared with another context fails to compile. The plain
 * decorators from `@/server` work too, with the context annotated.
 */

import type { AppContext } from '@/backend/context';
import { decoratorsFor } from '@/server';

export const { crud, singleton } = decoratorsFor<AppContext>();
