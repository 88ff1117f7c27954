import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from './devEnvFile';

describe('isProcessAlive (decides whether .data/dev-env.json is live)', () => {
  it('is true for a running process and false once it has exited', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)']);
    const pid = child.pid as number;
    expect(isProcessAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(isProcessAlive(pid)).toBe(false);
  });
});
