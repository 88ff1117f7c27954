/**
 * Waits for `promise` at most `ms`: its value, or undefined once the time is up
 * (the promise itself keeps running; nothing can cancel it from here). Used
 * where a stuck dependency must not hang the caller: the health check's
 * database probe, and the shutdown steps of the dev, e2e and bench scripts.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
