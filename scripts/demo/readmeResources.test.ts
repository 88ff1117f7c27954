import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeGenerateCommands } from './readmeResources';

const section = (lines: string[]) =>
  ['# App', '', '## Add a resource', '', '```sh', ...lines, '```', '', '## Next', '```sh', 'rm -rf /', '```'].join(
    '\n',
  );

describe('readmeGenerateCommands', () => {
  it("reads the project README's scaffold commands", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const commands = readmeGenerateCommands(readme);
    expect(commands.length).toBeGreaterThan(0);
    for (const [verb, name] of commands) {
      expect(verb).toBe('scaffold');
      expect(name).toMatch(/^[A-Z]\w*$/);
    }
  });

  it('keeps the arguments as written and leaves db:migrate and npm test to the test run', () => {
    const readme = section([
      'npm run generate -- scaffold Supplier name:string',
      'npm run db:migrate',
      'npm test',
      'npm run generate -- scaffold Product  supplier:references',
    ]);
    expect(readmeGenerateCommands(readme)).toEqual([
      ['scaffold', 'Supplier', 'name:string'],
      ['scaffold', 'Product', 'supplier:references'],
    ]);
  });

  it('refuses a command it would not replay, so the README cannot drift from what CI runs', () => {
    expect(() => readmeGenerateCommands(section(['npm run generate -- scaffold A x:string', 'npm run seed']))).toThrow(
      /only npm run generate, db:migrate and npm test are replayed, got: npm run seed/,
    );
  });

  it('fails without the section, its sh block or a generate command', () => {
    expect(() => readmeGenerateCommands('# App\n')).toThrow(/no "## Add a resource" section/);
    expect(() => readmeGenerateCommands('# App\n## Add a resource\n\ntext\n\n## Next\n```sh\nnpm test\n```')).toThrow(
      /has no ```sh block/,
    );
    expect(() => readmeGenerateCommands(section(['npm test']))).toThrow(/runs no npm run generate/);
  });
});
