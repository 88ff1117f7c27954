/** Code names as words: labels in sentence case, running text in lower case, acronyms kept. */
import { describe, expect, it } from 'vitest';
import { lowerWords, nameWords, sentenceWords } from './nameWords';

describe('nameWords', () => {
  it('splits camel case and acronyms into words', () => {
    expect(nameWords('LineItem')).toBe('Line Item');
    expect(nameWords('APIKey')).toBe('API Key');
  });

  it('lowers words for running text, keeping acronyms', () => {
    expect(lowerWords('Line Item')).toBe('line item');
    expect(lowerWords('API Key')).toBe('API key');
    expect(lowerWords('SKUs IDs')).toBe('SKUs IDs');
  });

  it('makes a field or model name a sentence-case label, keeping acronyms', () => {
    expect(sentenceWords('name')).toBe('Name');
    expect(sentenceWords('dueOn')).toBe('Due on');
    expect(sentenceWords('LineItem')).toBe('Line item');
    expect(sentenceWords('imageURL')).toBe('Image URL');
  });
});
