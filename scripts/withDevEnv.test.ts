/**
 * `tsx scripts/withDevEnv.ts <command>` (db:migrate, db:seed, assets:cleanup ...) with a value env.ts
 * cannot read: env.ts's message and exit 1, before the command runs, never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('stops on a value env.ts cannot read, with its message and no stack trace, before the command runs', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/withDevEnv.ts', process.execPath, '-e', 'console.log("the command ran")'],
    {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
        LOG_LEVEL: 'verbose',
      },
    },
  );
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/^✖ Invalid environment variables:\n {2}LOG_LEVEL: /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stdout).not.toContain('the command ran');
});
