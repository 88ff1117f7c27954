/**
 * The project's own Vitest config (global setup with its database, per-file
 * setup) pointed at the gate's fixtures: what could hide a failure in the real
 * run (an exit hook in the set-up, say) would hide it here too.
 */
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config';

// Spread, not mergeConfig: mergeConfig concatenates `include` with the project's.
export default defineConfig({ ...base, test: { ...base.test, include: ['scripts/testGate/*.gate.ts'] } });
