/** withRule and withRuleForAll put the limit back: after `run` returns, after it throws, and after the block's last test. */
import { describe, expect, it } from 'vitest';
import { RULES } from '../rateLimits';
import { withRule, withRuleForAll } from './withRule';

const original = RULES.teamCreate;
const lowered = { points: 1, durationSeconds: 60 };

describe('withRule', () => {
  it('sets the limit while `run` runs, answers what it answers, then puts the limit back', async () => {
    const answer = await withRule('teamCreate', lowered, async () => {
      expect(RULES.teamCreate).toEqual(lowered);
      return 42;
    });
    expect(answer).toBe(42);
    expect(RULES.teamCreate).toBe(original);
  });

  it('puts the limit back when `run` throws, and passes the error on', async () => {
    const failing = withRule('teamCreate', null, async () => {
      expect(RULES.teamCreate).toBeNull();
      throw new Error('the test failed');
    });
    await expect(failing).rejects.toThrow('the test failed');
    expect(RULES.teamCreate).toBe(original);
  });

  it('nests: each level puts back what it found', async () => {
    await withRule('teamCreate', lowered, async () => {
      await withRule('teamCreate', null, async () => expect(RULES.teamCreate).toBeNull());
      expect(RULES.teamCreate).toEqual(lowered);
    });
    expect(RULES.teamCreate).toBe(original);
  });
});

describe('withRuleForAll', () => {
  withRuleForAll('teamCreate', null);
  it('sets the limit for the tests of the block', () => {
    expect(RULES.teamCreate).toBeNull();
  });
});

it('puts the limit back after the last test of the block', () => {
  expect(RULES.teamCreate).toBe(original);
});
