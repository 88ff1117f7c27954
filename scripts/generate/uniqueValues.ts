/**
 * Values for unique fields, so that the records a seeder or a generated test
 * makes never collide: a new string, number or date in every record (a
 * counter), and for the fields with only so many values (an enum, a boolean,
 * a reference) no more records per team than that.
 */
import { sample } from './fieldSamples';
import type { Field, Resource } from './parseScaffold';
import { runningText } from './words';

/** A sample value; a unique field's varies with a counter (`serial`) so records never collide. */
export function uniqueSample(field: Field, variant: 0 | 1): string {
  const value = sample(field, variant);
  if (!field.unique) return value;
  switch (field.type) {
    case 'string':
    case 'text': {
      const words = value.slice(1, -1);
      // Room for the words, a space and a number up to 9999 (the records of one test file).
      if (field.length === undefined || words.length + 5 <= field.length) return `\`${words} \${++serial}\``;
      // A short `string:N` column: the counter in base 36 after the words, cut to the last N characters, so the
      // number stays whole (36^N values: 36 for string:1) and nothing starts or ends blank.
      return `\`${words.replace(/ /g, '')}\${(++serial).toString(36)}\`.slice(-${field.length})`;
    }
    case 'integer':
    case 'bigint':
      return `${value} + ++serial`;
    case 'decimal':
      return `\`\${${variant === 0 ? 12 : 0} + ++serial}.${variant === 0 ? '50' : '99'}\``;
    // A day (or a minute) later for each record, from the sample's date.
    case 'date':
      return `new Date(Date.parse(${value}) + ++serial * 86_400_000).toISOString().slice(0, 10)`;
    case 'timestamp':
      return `new Date(Date.parse(${value}) + ++serial * 60_000).toISOString()`;
    default:
      return value; // boolean, enum, references: only so many values, so each test starts from none (freeValues)
  }
}

/** Unique fields with only so many values: an enum's, a boolean's two, the team's records for a reference. */
const hasFewValues = (field: Field) =>
  field.unique && (field.type === 'enum' || field.type === 'boolean' || field.type === 'references');

/**
 * With a unique field of few values, a team holds at most that many records, fewer than the tests make over
 * the file: each test starts without the team's records (destroyed, so their files are detached), and makes
 * at most one at a time, whose values (the samples, the factory's) are then free.
 */
export function freeValues(resource: Resource): string {
  const few = resource.fields.filter(hasFewValues);
  if (few.length === 0) return '';
  const names = few.map((field) => field.association ?? field.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return [
    `// ${list} ${names.length > 1 ? 'are' : 'is'} unique in the team with only so many values: each test starts without the team's ${runningText(resource.pluralTitle)}.`,
    'beforeEach(async () => {',
    `  for (const record of await ${resource.name}.where({ teamId: home }).toArray()) await record.destroy();`,
    '});',
  ].join('\n');
}

/**
 * How many records the seeder makes per team, and what it gives each: three, unless a required unique field has
 * few values, and then one value fewer than it has (an enum's values, a boolean's two): the browser test
 * creates one more in the seeded team, with the value left (the enum's last, true). A reference reuses one
 * record of the team (the factory's), so one is seeded, and the browser test picks the team's newest record.
 * The n-th record takes the n-th value; the first is the factory's own (the first enum value, false), so a
 * record another seeder made first does not collide with the rest.
 */
export function seedValues(resource: Resource): { seedCount: string; seedCountWord: string; seedAttributes: string } {
  // An empty optional field is null, and PostgreSQL's unique constraint lets nulls repeat.
  const unique = resource.fields.filter((field) => field.unique && (!field.optional || field.type === 'boolean'));
  const limits = unique.map((field) =>
    field.type === 'enum'
      ? (field.values ?? []).length - 1
      : field.type === 'boolean' || field.type === 'references'
        ? 1
        : 3,
  );
  const count = Math.min(3, ...limits);
  const given = unique
    .filter((field) => count > 1 && field.type === 'enum')
    .map(
      (field) =>
        `${field.name}: ${JSON.stringify(field.values)}[n - 1] as ${resource.name}['attributes']['${field.name}']`,
    );
  return {
    seedCount: String(count),
    seedCountWord: ['None', 'One', 'Two', 'Three'][count] as string,
    seedAttributes: given.length === 0 ? '' : `, { ${given.join(', ')} }`,
  };
}
