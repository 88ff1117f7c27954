/** The words a scaffold makes of names: labels in sentence case, acronyms kept. */
import { describe, expect, it } from 'vitest';
import { fieldWords } from './words';

describe('fieldWords', () => {
  it('makes a field name a sentence-case label, keeping acronyms', () => {
    expect(fieldWords('name')).toBe('Name');
    expect(fieldWords('dueOn')).toBe('Due on');
    expect(fieldWords('lineItem')).toBe('Line item');
    expect(fieldWords('imageURL')).toBe('Image URL');
  });
});
