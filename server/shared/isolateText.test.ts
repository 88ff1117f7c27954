/** User text set apart from the app's words in plain strings (notices, mail subjects, aria labels). */
import { describe, expect, it } from 'vitest';
import { isolateText } from './isolateText';

describe('isolateText', () => {
  it('wraps the text in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE', () => {
    expect(isolateText('Alice')).toBe('\u2068Alice\u2069');
  });

  it('keeps an override inside: the sentence around it reads in its own order', () => {
    const sentence = `Remove ${isolateText('x \u202eevil')} from the team?`;
    expect(sentence).toBe('Remove \u2068x \u202eevil\u2069 from the team?');
    // The PDI closes the isolate, and with it every embedding and override opened inside it.
    expect(sentence.indexOf('\u2069')).toBeLessThan(sentence.indexOf(' from the team?'));
  });

  it('leaves the text itself as given, and isolates empty text too', () => {
    expect(isolateText(' Spacey ')).toBe('\u2068 Spacey \u2069');
    expect(isolateText('')).toBe('\u2068\u2069');
  });
});
