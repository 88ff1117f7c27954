/** Slot declarations are checked when the model is declared: mistakes name the slot. */
import { describe, expect, it } from 'vitest';
import { hasManyAttached, hasOneAttached, registerSlots } from './attachmentSlots';

describe('registerSlots', () => {
  it('refuses a public slot that accepts any type: it would publish HTML or SVG with scripts', () => {
    expect(() => registerSlots('Poster', { art: hasOneAttached({ access: 'public' }) })).toThrow(
      /Model Poster: attachment slot "art" is public, so it must name the types it accepts/,
    );
    expect(() => registerSlots('Poster', { art: hasOneAttached({ access: 'public', accepts: ['*/*'] }) })).toThrow(
      /is public/,
    );
    expect(registerSlots('Poster', { art: hasOneAttached({ access: 'public', accepts: 'image/*' }) })).toHaveLength(1);
    // Private files download (attachment disposition): any type may be stored there.
    expect(registerSlots('Poster', { notes: hasManyAttached() })).toHaveLength(1);
  });

  it('names the slot when its name, accepts or max is wrong', () => {
    expect(() => registerSlots('Poster', { 'bad-name': hasOneAttached() })).toThrow(/needs an identifier name/);
    expect(() => registerSlots('Poster', { art: hasOneAttached({ accepts: 'images' }) })).toThrow(
      /has accepts "images", which is not a MIME type/,
    );
    expect(() => registerSlots('Poster', { art: hasManyAttached({ max: 0 }) })).toThrow(/may set max only/);
  });
});
