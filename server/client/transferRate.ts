/**
 * Upload speed for people: bytes per second over the last few seconds, so
 * the figure follows the network without jumping at every progress event.
 */
const WINDOW_MS = 3000;

/** Returns a function fed the bytes sent so far; it answers the recent rate (undefined until measurable). */
export function createRateMeter(now: () => number = () => Date.now()): (loaded: number) => number | undefined {
  const samples: Array<{ at: number; loaded: number }> = [];
  return (loaded) => {
    const at = now();
    // A resumed multipart upload starts past zero; a retried part goes back: measure from there.
    if (samples.length > 0 && loaded < (samples.at(-1)?.loaded ?? 0)) samples.length = 0;
    samples.push({ at, loaded });
    while (samples.length > 2 && at - (samples[0]?.at ?? at) > WINDOW_MS) samples.shift();
    const first = samples[0];
    if (!first || at - first.at < 250) return undefined;
    return ((loaded - first.loaded) * 1000) / (at - first.at);
  };
}

/** Seconds left at `bytesPerSecond`, or undefined when the rate is unknown or zero. */
export function secondsLeft(loaded: number, total: number, bytesPerSecond: number | undefined): number | undefined {
  if (!bytesPerSecond || bytesPerSecond <= 0) return undefined;
  return Math.max(0, (total - loaded) / bytesPerSecond);
}
