/**
 * The framework's log lines, parsed, for tests that check what reaches the log: the request line, an
 * error's fields, a secret that must not be there. `captureLog()` sends every line at `level` and
 * above to `lines` until `stop()`, which silences the log again (the test setup's default).
 */
import { type Level, pino } from 'pino';
import { configureLogger } from '../log/logger';

/** A parsed line: pino's `level` number, `msg`, and the fields the line was given. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

export interface LogCapture {
  readonly lines: LogLine[];
  /** Forgets the lines so far. */
  clear(): void;
  stop(): void;
}

export function captureLog(level: Level = 'info'): LogCapture {
  const lines: LogLine[] = [];
  configureLogger(pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) }));
  return {
    lines,
    clear: () => {
      lines.length = 0;
    },
    stop: () => configureLogger(pino({ level: 'silent' })),
  };
}
