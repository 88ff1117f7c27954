/**
 * Runs once when the Next.js server starts. Validates the environment so a
 * bad value stops start-up instead of failing on the first request.
 */
export async function register(): Promise<void> {
  // NEXT_RUNTIME is set by Next.js itself; env.ts is Node-only.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { assertServerEnv } = await import('./env');
  assertServerEnv();
}
