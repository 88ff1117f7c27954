/**
 * Where the server's log lines go (the framework logs one line per API
 * request and every 5xx with its cause): JSON lines on stdout in production,
 * for your log platform to index; readable, coloured lines in development;
 * nothing under tests unless LOG_LEVEL says otherwise.
 *
 * Customise here: redaction (`redact`), extra fields (`base`), the level.
 */
import { pino } from 'pino';
import pretty from 'pino-pretty';
import { env } from '@/env';
import { configureLogger } from '@/server';

const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');

configureLogger(
  env.NODE_ENV === 'production'
    ? pino({ level })
    : // A synchronous stream in this thread: pino's transports start worker threads that bundlers lose.
      pino({ level }, pretty({ colorize: true, sync: true, ignore: 'pid,hostname' })),
);
