import { describe, expect, it } from 'vitest';
import { demoRemovedNextSteps } from './demoRemovedNextSteps';

describe('demoRemovedNextSteps', () => {
  // The docs say to stop `npm run dev` before the removal; the closing advice then said `npm run db:migrate`,
  // which refuses without a running dev server or a DATABASE_URL.
  it('with dev stopped and no DATABASE_URL, points at npm run dev (which migrates on start), not db:migrate', () => {
    const next = demoRemovedNextSteps({ devRunning: false, databaseUrl: false });
    expect(next).toContain('start `npm run dev` (it applies the migration dropping the demo tables on start)');
    expect(next).not.toContain('db:migrate');
  });

  it('with dev running, says to restart it; with a DATABASE_URL, to run db:migrate', () => {
    expect(demoRemovedNextSteps({ devRunning: true, databaseUrl: false })).toContain(
      'stop `npm run dev` and start it again',
    );
    expect(demoRemovedNextSteps({ devRunning: false, databaseUrl: true })).toContain('`npm run db:migrate`');
  });
});
