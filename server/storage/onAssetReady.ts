/**
 * What should happen once a file is stored and ready (confirmed upload, or
 * `AssetService.createFromService`): the app subscribes, e.g. to enqueue
 * its image job (backend/jobs.ts). Listeners run after the confirming
 * transaction committed; a listener's failure is logged and never fails the
 * upload (the backfill command catches up).
 */
import { logger } from '../log/logger';
import type { Asset } from './Asset';

type Listener = (asset: Asset) => unknown;

// On globalThis: Next evaluates route modules in several bundles of one process.
const cache = globalThis as typeof globalThis & { __assetReadyListeners?: Set<Listener> };
cache.__assetReadyListeners ??= new Set();
const listeners = cache.__assetReadyListeners;

/** Calls `listener` for every asset that becomes ready in this process; returns the unsubscribe. */
export function onAssetReady(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners (storage code calls it after the commit). */
export async function announceAssetReady(asset: Asset): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(asset);
    } catch (error) {
      logger().error({ err: error, assetId: asset.id }, 'an onAssetReady listener failed');
    }
  }
}
