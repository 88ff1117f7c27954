/** Merging controllers' routers: a clash stops the app at boot and names both controllers. */
import { describe, expect, it } from 'vitest';
import { ActiveController } from '../controller/ActiveController';
import { action, controller } from '../controller/decorators';
import { buildRouter, mergeRouters } from './buildRouter';

@controller('/widgets')
class WidgetController extends ActiveController {
  @action('GET') list(): string[] {
    return [];
  }
}

@controller('/widgets')
class GadgetController extends ActiveController {
  @action('GET') list(): string[] {
    return [];
  }
}

describe('mergeRouters', () => {
  it('names both controllers that define one tRPC procedure', () => {
    expect(() => mergeRouters(buildRouter(WidgetController), buildRouter(GadgetController))).toThrow(
      'mergeRouters: GadgetController and WidgetController both define the tRPC procedure "widgets.list"',
    );
  });

  it('merges controllers that do not clash', () => {
    expect(mergeRouters(buildRouter(WidgetController)).routes).toHaveLength(1);
  });
});
