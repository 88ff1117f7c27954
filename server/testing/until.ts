/**
 * Waits in a test for what another part does in its own time (a job runner, a mail catcher, a server
 * starting): polls `find` until it gives something other than undefined or false, and returns that;
 * past `timeoutMs`, throws naming `what`, so a test that waits in vain fails saying for what.
 */
export async function until<T>(
  find: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined && found !== false) return found as Exclude<T, undefined | false>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
