/**
 * `tsx scripts/withDevEnv.ts <command...>`: runs a command with the database
 * and storage of the running `npm run dev` when you set none yourself.
 *
 * Precedence: real environment > .env files > .data/dev-env.json. Used by
 * `db:migrate`, `db:seed` and `db:studio`; wrap any script of yours the same way.
 */
import { spawn } from 'node:child_process';
import { loadEnvFiles, readLiveDevEnv } from './devEnvFile';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/withDevEnv.ts <command> [args...]');
  process.exit(2);
}

loadEnvFiles();
const dev = readLiveDevEnv();
if (dev) {
  for (const [name, value] of Object.entries(dev.env)) process.env[name] ??= value;
} else if (!process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is not set and `npm run dev` is not running.\n' +
      'Start `npm run dev` in another terminal (it starts an embedded PostgreSQL), or set DATABASE_URL (see .env.example).',
  );
  process.exit(1);
}

// A value env.ts cannot read stops here with its message; the script would stop on it too, with a stack trace.
try {
  await import('../env');
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// `npm run` puts node_modules/.bin on PATH, so `tsx` and `drizzle-kit` resolve.
const child = spawn(command, args, { stdio: 'inherit' });
child.on('error', (error) => {
  console.error(`could not run ${command}: ${error.message}`);
  process.exit(127);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
