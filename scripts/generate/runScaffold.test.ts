/** The scaffold's closing line: it asks for `npm run db:migrate` only when the run wrote a migration. */
import { describe, expect, it } from 'vitest';
import { scaffoldDoneLine } from './runScaffold';

describe('scaffoldDoneLine', () => {
  it('asks to apply the migration the run wrote', () => {
    expect(scaffoldDoneLine('Gadget', 'db/migrations/0009_update_gadgets.sql')).toBe(
      'scaffold Gadget: done. Apply the migration: npm run db:migrate (npm run dev does it on start).',
    );
  });

  it('asks for nothing when no table changed (a file field, or the same fields again)', () => {
    const line = scaffoldDoneLine('Gadget', undefined);
    expect(line).not.toMatch(/migrate|Apply/);
    expect(line).toBe('scaffold Gadget: done. No table changed, so there is no migration to apply.');
  });
});
