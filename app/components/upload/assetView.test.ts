import { describe, expect, it } from 'vitest';
import { toAssetView, variantsPending } from './assetView';

const asset = (variantsStatus: string) => ({ id: 1, filename: 'a.png', variantsStatus, variants: {} });

describe('variantsPending', () => {
  it('is true while a file of a slot (one, or in a list) waits for the image job', () => {
    expect(variantsPending(asset('pending'))).toBe(true);
    expect(variantsPending(null, [asset('ready'), asset('pending')])).toBe(true);
    expect(toAssetView(asset('pending')).variantsPending).toBe(true);
  });

  // A job that failed for good never makes a thumbnail: polling on would ask for the record forever.
  it('is false once every file is ready or failed, and for empty slots', () => {
    expect(variantsPending(asset('ready'), [asset('failed')])).toBe(false);
    expect(variantsPending(null, undefined, [])).toBe(false);
    expect(toAssetView(asset('failed')).variantsPending).toBe(false);
  });
});
