/**
 * sharp, loaded on first use (libvips is native and large, and most
 * processes never touch an image) and set up for a server once
 * (customise here):
 * - no operation cache (`sharp.cache(false)`): it keeps up to 50 MB of
 *   recent results for reuse, and every upload is a different image, so it
 *   only holds memory;
 * - one libvips thread per image (`sharp.concurrency(1)`): the job queue
 *   already runs one image per core at once (docs/jobs.md), and more threads
 *   per image would only add stacks and buffers.
 */
let loaded: Promise<typeof import('sharp').default> | undefined;

export function loadSharp(): Promise<typeof import('sharp').default> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
