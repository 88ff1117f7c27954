/**
 * A rate limit changed for a test, and put back. RULES is read at each call (rateLimits.ts), so a test
 * may lower a limit to reach it in a few requests, or turn one off; but it must put the limit back
 * even when it fails, or the tests after it in its file run under its limit and fail (or pass) for
 * its reason, not theirs. These do the saving and the putting back, in a `finally` or an `afterAll`.
 */
import { afterAll, beforeAll } from 'vitest';
import { type LimitName, type RateLimitRule, RULES } from '../rateLimits';

/** Runs `run` with the limit `name` set to `rule` (null: off); the limit is back as it was when `run` settles, passed or thrown. */
export async function withRule<T>(name: LimitName, rule: RateLimitRule, run: () => Promise<T>): Promise<T> {
  const saved = RULES[name];
  RULES[name] = rule;
  try {
    return await run();
  } finally {
    RULES[name] = saved;
  }
}

/** The limit `name` set to `rule` for the tests of the file (or `describe`) that calls this: from before its first test to after its last. */
export function withRuleForAll(name: LimitName, rule: RateLimitRule): void {
  let saved: RateLimitRule = null;
  beforeAll(() => {
    saved = RULES[name];
    RULES[name] = rule;
  });
  afterAll(() => {
    RULES[name] = saved;
  });
}
