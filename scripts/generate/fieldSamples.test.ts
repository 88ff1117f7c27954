/** The generated tests' sample values: what a short `string:N` column accepts, distinct and unique within its length. */
import { describe, expect, it } from 'vitest';
import { sample } from './fieldSamples';
import { parseField } from './parseScaffold';
import { uniqueSample } from './uniqueValues';

/** Runs a generated sample expression as the generated test would, with its `serial` counter. */
function values(source: (variant: 0 | 1) => string, times: number): string[] {
  const run = new Function(
    'times',
    `let serial = 0; const out = []; for (let i = 0; i < times; i++) out.push(${source(0)}, ${source(1)}); return out;`,
  );
  return run(times) as string[];
}

describe('sample values', () => {
  it('keeps the readable samples where they fit', () => {
    expect(sample(parseField('name:string'), 0)).toBe("'First name'");
    expect(sample(parseField('name:string'), 1)).toBe("'Second name'");
    expect(values((variant) => uniqueSample(parseField('code:string:unique'), variant), 1)).toEqual([
      'First code 1',
      'Second code 2',
    ]);
  });

  for (const length of [1, 2, 3, 5, 8, 12, 20])
    it(`fits string:${length}, the two samples differing and nothing blank`, () => {
      const field = parseField(`isoCode:string:${length}`);
      const [first, second] = values((variant) => sample(field, variant), 1);
      expect(first?.length).toBeLessThanOrEqual(length);
      expect(second?.length).toBeLessThanOrEqual(length);
      expect(first).not.toBe(second);
      for (const value of [first, second]) expect(value?.trim()).toBe(value);
    });

  for (const length of [1, 2, 3, 5, 8, 12, 20])
    it(`gives string:${length}:unique a new value within the length in every record`, () => {
      const field = parseField(`isoCode:string:${length}:unique`);
      const made = values((variant) => uniqueSample(field, variant), 15);
      for (const value of made) {
        expect(value.length).toBeLessThanOrEqual(length);
        expect(value.trim()).toBe(value);
        expect(value).not.toBe('');
      }
      expect(new Set(made).size).toBe(made.length);
    });
});
