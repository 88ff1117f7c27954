/**
 * Runs once when the Next.js server starts, before it serves. The work is in
 * instrumentation.node.ts: Next also compiles this file for the Edge runtime,
 * which has no process.exit, so Node-only code is imported only under Node.
 */
export async function register(): Promise<void> {
  // NEXT_RUNTIME is set by Next.js itself.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNodeServer } = await import('./instrumentation.node');
    await registerNodeServer();
  }
}
