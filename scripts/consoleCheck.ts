/**
 * What a healthy server start may print, for the tests that read it
 * (e2e/cleanConsole.spec.ts for `npm start`, scripts/devConsole.test.ts for
 * `npm run dev`): a line that looks like an error when nothing failed sends
 * a new user hunting for a problem that is not there.
 */

/** Words and marks that read as a failure or a warning. */
const ERROR_LOOKING =
  /⨯|✖|✗|\b(errors?|warn(ing)?s?|fail(ed|ure|s)?|deprecat\w*|unsupported|not set|invalid|refused|cannot)\b|ERR_/i;

/** The lines of `output` that look like an error or a warning (ANSI colours removed). */
export function errorLookingLines(output: string): string[] {
  return lines(output).filter((line) => ERROR_LOOKING.test(line));
}

/** Besides JSON log lines, all `npm start` may print: npm's echo of the script, and Next's banner. */
const START_LINES = [
  /^$/,
  /^> /,
  /^▲ Next\.js /,
  /^- (Local|Network|Environments):/,
  /^✓ (Ready in|Starting|Running next\.config)/,
];

const LEVEL_WARN = 40;

/**
 * Production's rule: every line is one of Next's start-up lines or a JSON
 * log line below warn level; returns the others (plain-text notices, and
 * JSON warnings or errors).
 */
export function unexpectedProductionLines(output: string): string[] {
  return lines(output).filter((line) => {
    if (START_LINES.some((pattern) => pattern.test(line))) return false;
    try {
      const entry = JSON.parse(line) as { level?: unknown };
      return typeof entry.level !== 'number' || entry.level >= LEVEL_WARN;
    } catch {
      return true;
    }
  });
}

function lines(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
  return output.split('\n').map((line) => line.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').trim());
}
